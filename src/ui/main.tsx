import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';
import { prefsStore, gpuHost } from './app-context';
import { installAutomation } from './automation';
import './styles.css';

initI18n(prefsStore.getState().lang);
installAutomation();
void gpuHost.start();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
