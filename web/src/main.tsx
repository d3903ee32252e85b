import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedBootstrap } from './app/bootstrap';
import { queryClient } from './app/query-client';
import { startFirstReads } from './app/start-reads';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

seedBootstrap(queryClient);
startFirstReads(queryClient);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
