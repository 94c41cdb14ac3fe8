// Tables in and out: the import's model, mapping, rows and comparison; export formats; the files picked.
export * from './export';
export * from './file-picks';
export * from './import';
export {
  readRowCategory,
  rowAttributes,
  type RowAttributeCell,
  type RowCategory,
  type RowCategoryOptions,
} from './import-categories';
export * from './import-compare';
export * from './import-mapping';
export * from './import-price';
export * from './import-rows';
