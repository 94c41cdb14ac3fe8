// Four eyes (issue 37.4): requests, what they carry and what changes against the live ad.
export * from './approvals';
