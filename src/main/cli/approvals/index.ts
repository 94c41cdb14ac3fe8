// `approvals list|approve|send-back` (issue 37.4).
export {
  approvalsApproveCommand,
  approvalsAskCommand,
  approvalsListCommand,
  approvalsRuleCommand,
  approvalsRulesCommand,
  approvalsSendBackCommand,
} from './approvals';
