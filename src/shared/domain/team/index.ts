// A team's roles and what each may do (issue 37.1-2), for the window and main alike.
export * from './desk-may';
