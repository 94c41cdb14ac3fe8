// Four eyes (issue 37.4): requests to publish, their approval, send-back and withdrawal.
export { openApprovals, approvalView } from './approvals-service';
export type { ApprovalsDeps, ApprovalsSession, ShopApprovals } from './approvals-service';
export { approvalRules, setApprovalRule } from './approvals-sql';
