import { render } from 'preact';
import '../shared/base.css';

function App() {
  return <main><h1>Waybill console</h1></main>;
}

render(<App />, document.getElementById('app')!);
