import { useState } from 'react';
import { toast } from 'shell/ui-kit';
import { useAdminTranslation } from '../../i18n';
import { type AffectedVisit, type ClosureInput, type ClosureOutcome, useAddClosures } from './api';

/** A closure the server would not save without a confirmation: the day, and the booked visits on it. */
export interface PendingClosure {
  input: ClosureInput;
  appointments: AffectedVisit[];
}

/**
 * Adding closures with the confirmation step: the days without booked visits are saved at once; those with some wait
 * in `pending` (shown in the dialog) until `confirm` saves them with `confirm: true`, or `cancel` drops them (nothing
 * saved for them). `onAllSaved` runs once every day asked for is closed (so a form clears only then).
 */
export function useClosureFlow() {
  const { t } = useAdminTranslation();
  const add = useAddClosures();
  const [pending, setPending] = useState<PendingClosure[] | null>(null);
  const [afterConfirm, setAfterConfirm] = useState<(() => void) | null>(null);

  const report = (outcomes: ClosureOutcome[]) => {
    const saved = outcomes.flatMap((o) => (o.kind === 'saved' ? [o] : []));
    const moved = saved.reduce((n, o) => n + o.needsNewTime.length, 0);
    if (saved.length === 1 && !moved) toast.success(t('calendar.closureSaved', { name: saved[0].closure.name }));
    else if (saved.length) toast.success(t(moved ? 'calendar.closuresSavedMoved' : 'calendar.closuresSaved', { count: saved.length, moved }));
    for (const o of outcomes) if (o.kind === 'exists') toast.info(t('calendar.alreadyClosed', { date: o.input.date }));
  };

  const run = (inputs: ClosureInput[], onAllSaved?: () => void) => {
    add.mutate(
      { inputs, confirm: false },
      {
        onSuccess: (outcomes) => {
          report(outcomes);
          const waiting = outcomes.flatMap((o) => (o.kind === 'confirm' ? [{ input: o.input, appointments: o.appointments }] : []));
          if (waiting.length) {
            setPending(waiting);
            setAfterConfirm(() => onAllSaved ?? null);
          } else if (outcomes.every((o) => o.kind === 'saved')) onAllSaved?.();
        },
      },
    );
  };

  const confirm = () => {
    if (!pending) return;
    add.mutate(
      { inputs: pending.map((p) => p.input), confirm: true },
      {
        onSuccess: (outcomes) => {
          report(outcomes);
          setPending(null);
          if (outcomes.every((o) => o.kind === 'saved')) afterConfirm?.();
          setAfterConfirm(null);
        },
        onError: () => setPending(null),
      },
    );
  };

  const cancel = () => {
    setPending(null);
    setAfterConfirm(null);
  };

  return { run, pending, confirm, cancel, busy: add.isPending, error: add.error, reset: add.reset };
}
