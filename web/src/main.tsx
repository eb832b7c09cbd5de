import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startMarkupRepairs } from './app/a11y-repairs';
import './theme/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
startMarkupRepairs();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
