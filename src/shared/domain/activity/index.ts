// The activity log (issue 37.5): who did what in a team, or on a lone desktop.
export * from './activity';
