import './index.css';

// The app's script runs after the first frame (decision 29): a page the server rendered is painted
// before React starts, so a slow phone shows it at once and makes it interactive after. A tab opened
// in the background starts at once (it paints no frames until it is shown).
const boot = () => void import('./boot');
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(boot));
else boot();
