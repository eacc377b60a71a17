/** The web app's entry: mounts the page into #app. */
import './styles.css';

import { render } from 'preact';

import { App } from './app.js';

const root = document.getElementById('app');
if (root) {
  render(<App />, root);
  // Every control is rendered with its handler from here on; the web benchmark reads this mark.
  performance.mark('app-interactive');
}
