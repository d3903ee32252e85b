/** Issue 40: the team's portfolio timeline. */
export { PortfolioView } from './portfolio-view';
export { notePortfolioChange } from './portfolio.queries';
