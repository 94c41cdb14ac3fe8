// The marketplace's catalog on the command line (issue 33.7), and a shop's categories mapped to it (issue 34.4).
export { categoriesSearchCommand, categoriesShowCommand } from './categories';
export { categoriesCommand } from './categories-run';
export {
  categoriesMapCommand,
  categoriesMappingsCommand,
  categoriesUnmapCommand,
  categoriesUnmappedCommand,
} from './mapping-commands';
