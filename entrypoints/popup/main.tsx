import { render } from 'preact';

render(<p>Profile Enrichment</p>, document.getElementById('app')!);
