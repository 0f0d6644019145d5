/**
 * The question a CSV upload asks before it books: how many labels, for how much (the file priced by
 * POST /batches/preview), and which rows cannot be booked and why, listed before the question.
 */
import { counted, money } from '../../shared/format';
import type { BatchPreview } from '../types';

export type Preview = BatchPreview;

const labels = (n: number) => counted(n, 'label');
const rows = (n: number) => counted(n, 'row');

export function PreviewQuestion(props: { preview: Preview; account: string; busy: boolean; onNo: () => void }) {
  const { preview, account } = props;
  const { priced, refused, total } = preview.counts;
  // Several currencies are summed each on its own, never converted.
  const cost = preview.totals.map((t) => money(t.amount, t.currency)).join(' + ');
  const refusedRows = preview.items.filter((i) => i.status === 'refused');
  return (
    <div class="confirm" role="group" aria-labelledby="preview-q">
      {refused > 0 ? (
        <div class="note note-error">
          <p id="refused-h">
            {priced === 0
              ? total === 1
                ? 'The one row cannot be booked:'
                : `None of the ${total} rows can be booked:`
              : `${rows(refused)} of ${total} cannot be booked and will fail:`}
          </p>
          <ul aria-labelledby="refused-h">
            {refusedRows.slice(0, 50).map((i) => (
              <li key={i.index}>
                {/* The line is said first: the message need not start with it again. */}
                {`${i.row !== undefined ? `Line ${i.row}` : `Item ${i.index + 1}`}${i.reference ? ` (${i.reference})` : ''}: ${i.error?.message.replace(/^line \d+, /, '') ?? 'cannot be booked'}`}
              </li>
            ))}
          </ul>
          {refusedRows.length > 50 ? <p>{`…and ${refusedRows.length - 50} more.`}</p> : null}
        </div>
      ) : null}
      {priced > 0 ? (
        <p id="preview-q">
          {`Book ${labels(priced)} with ${account} for ${cost}? Each row is charged the carrier's price when it is booked.`}
        </p>
      ) : (
        <p id="preview-q">Correct the file and upload it again.</p>
      )}
      {priced > 0 ? (
        <button type="submit" disabled={props.busy}>
          {`Yes, book ${labels(priced)} for ${cost}`}
        </button>
      ) : null}
      <button type="button" class="quiet" onClick={props.onNo}>
        Not yet
      </button>
    </div>
  );
}
