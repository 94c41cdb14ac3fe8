// `approvals list|approve|send-back` (issue 37.4).
export { approvalsApproveCommand, approvalsListCommand, approvalsSendBackCommand } from './approvals';
