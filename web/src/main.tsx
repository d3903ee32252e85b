import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './app/query-client';
import { startFirstReads } from './app/start-reads';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

startFirstReads(queryClient);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
