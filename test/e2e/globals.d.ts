// Pages of the app carry the contract's bridge on window.api (preload in Electron, web bridge here).
import type { BridgeApi } from '../../src/shared/ipc/api';

declare global {
  interface Window {
    api?: BridgeApi;
  }
}
