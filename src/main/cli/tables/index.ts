// `import` and `export`: drafts in from CSV or XLSX files, drafts or live listings out to them.
export { exportCommand } from './export';
export { importCommand } from './import';
