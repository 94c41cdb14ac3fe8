// The marketplace's catalog on the command line (issue 33.7).
export { categoriesSearchCommand, categoriesShowCommand } from './categories';
export { categoriesCommand } from './categories-run';
