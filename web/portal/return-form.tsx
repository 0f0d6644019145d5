/**
 * The portal's form: the lines the customer returns (each with a reason), how the parcel goes, and
 * the return made with one Idempotency-Key per submission.
 */
import { useEffect, useState } from 'preact/hooks';
import { callApi, isFailure, tokenFromPath, type Failure } from '../shared/public-api.js';
import { LineChoice, MethodChoice, type Chosen, type Made, type Portal } from './parts.js';

/** The signed link's token, from the page's address. */
export const token = tokenFromPath('portal');
export const oops: Failure = { status: 0, code: 'unexpected', text: 'Something went wrong. Please try again.' };

/** What the form holds, kept while the page shows a return made (Return other items comes back to it). */
export function useReturnForm(onMade: (ret: Made) => Promise<void>) {
  const [chosen, setChosen] = useState<Record<string, Chosen>>({});
  const [methodId, setMethodId] = useState<string>();
  const [pickupDate, setPickupDate] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  // One key per submission: repeated on a retry after no answer, renewed after any answer.
  const [submission, setSubmission] = useState(() => crypto.randomUUID());
  // A choice the customer changes may fix what the message said: it goes until the next try.
  useEffect(() => setProblem(undefined), [chosen, methodId, pickupDate]);
  const submit = async (portal: Portal, e: Event) => {
    e.preventDefault();
    const method = portal.return_methods.find((m) => m.id === methodId);
    const lines = Object.entries(chosen).map(([line_id, c]) => ({ line_id, quantity: c.quantity, reason: c.reason }));
    if (lines.length === 0) return setProblem('Choose at least one item to return.');
    if (lines.some((l) => !l.reason)) return setProblem('Choose a reason for each item.');
    if (!method) return setProblem('Choose how to send the parcel.');
    if (method.type === 'pickup' && !pickupDate) return setProblem('Choose a pickup date.');
    setProblem(undefined);
    setSending(true);
    try {
      const body = {
        return: { return_method: method.id, lines, ...(method.type === 'pickup' ? { pickup_date: pickupDate } : {}) },
      };
      const res = await callApi('returns', 'createPortalReturn', {
        path: { token },
        body,
        idempotencyKey: submission,
      });
      setChosen({});
      setSubmission(crypto.randomUUID());
      await onMade(res.return);
    } catch (err) {
      const f = isFailure(err) ? err : oops;
      // An answer means this submission is over; without one, the same key asks again safely.
      if (f.status !== 0) setSubmission(crypto.randomUUID());
      setProblem(f.text);
    } finally {
      setSending(false);
    }
  };

  return { chosen, setChosen, methodId, setMethodId, pickupDate, setPickupDate, problem, sending, submit };
}

export function ReturnForm({ portal, f }: { portal: Portal; f: ReturnType<typeof useReturnForm> }) {
  return (
    <form onSubmit={(e) => void f.submit(portal, e)} noValidate>
      <fieldset>
        <legend>What are you returning?</legend>
        {portal.lines.map((l) => (
          <LineChoice
            key={l.line_id}
            line={l}
            reasons={portal.reasons}
            value={f.chosen[l.line_id]}
            onChange={(v) =>
              f.setChosen((c) => {
                const next = { ...c };
                if (v) next[l.line_id] = v;
                else delete next[l.line_id];
                return next;
              })
            }
          />
        ))}
      </fieldset>
      <MethodChoice
        methods={portal.return_methods}
        currency={portal.currency}
        methodId={f.methodId}
        pickupDate={f.pickupDate}
        onMethod={(id) => {
          f.setMethodId(id);
          f.setPickupDate(undefined);
        }}
        onPickupDate={f.setPickupDate}
      />
      {f.problem ? (
        <p class="alert" role="alert">
          {f.problem}
        </p>
      ) : null}
      <button type="submit" class="wide" disabled={f.sending}>
        {f.sending ? 'Creating return…' : 'Create return'}
      </button>
    </form>
  );
}
