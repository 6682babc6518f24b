import { Button } from 'antd';
import { useImperativeHandle, useRef, type KeyboardEvent, type Ref } from 'react';
import type { Slot } from '../../api/availability';
import { formatSlot } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';

/** What the form holds of the picker: focus (the form's first error) and the group's element (to scroll to it). */
export interface SlotPickerHandle {
  focus: () => void;
  nativeElement: HTMLDivElement | null;
}

/**
 * Time slots as one radio group (WAI-ARIA pattern): Tab reaches the group once, arrow keys move between free
 * slots and choose them, Space/Enter chooses the focused one. Taken slots are disabled buttons whose accessible
 * name says so ('09:00 AM, taken'). The whole group is disabled until a date is chosen. As a form field it takes
 * what antd's Form.Item gives every control: the message it is described by, whether it is invalid or required,
 * and a ref the form focuses when the slot is the first thing missing.
 */
export function SlotPicker({
  slots,
  value,
  onChange,
  disabled,
  id,
  ref,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  'aria-required': required,
}: {
  slots: Slot[];
  value?: string;
  onChange?: (v: string) => void;
  disabled?: boolean;
  id?: string;
  ref?: Ref<SlotPickerHandle>;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}) {
  const refs = useRef<Array<HTMLElement | null>>([]);
  const group = useRef<HTMLDivElement>(null);
  const { t } = usePatientTranslation();
  const enabled = slots.map((s, i) => (!disabled && s.available ? i : -1)).filter((i) => i >= 0);
  const selectedIndex = slots.findIndex((s) => s.time_slot === value);
  const tabStop = selectedIndex >= 0 && enabled.includes(selectedIndex) ? selectedIndex : enabled[0] ?? -1;
  useImperativeHandle(
    ref,
    () => ({
      // The slot a Tab would reach; the group itself when none can be chosen (no date yet, a full day).
      focus: () => (tabStop >= 0 ? refs.current[tabStop] : group.current)?.focus(),
      get nativeElement() {
        return group.current;
      },
    }),
    [tabStop],
  );

  const move = (from: number, step: number) => {
    if (!enabled.length) return;
    const pos = enabled.indexOf(from);
    const next = enabled[(pos + step + enabled.length) % enabled.length] ?? enabled[0]!;
    refs.current[next]?.focus();
    onChange?.(slots[next]!.time_slot);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>, i: number) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') {
      e.preventDefault();
      move(i, 1);
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(i, -1);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const target = e.key === 'Home' ? enabled[0] : enabled[enabled.length - 1];
      if (target !== undefined) {
        refs.current[target]?.focus();
        onChange?.(slots[target]!.time_slot);
      }
    }
  };

  return (
    <div
      ref={group}
      id={id}
      role="radiogroup"
      aria-label={t('booking.slots')}
      aria-describedby={describedBy}
      aria-invalid={invalid === true || invalid === 'true' || undefined}
      aria-required={required === true || required === 'true' || undefined}
      aria-disabled={disabled || undefined}
      tabIndex={tabStop < 0 ? -1 : undefined}
      className="afya-slots"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 8 }}
    >
      {slots.map((s, i) => {
        const checked = s.time_slot === value;
        const taken = !s.available;
        return (
          <Button
            key={s.time_slot}
            ref={(el) => {
              refs.current[i] = el;
            }}
            role="radio"
            aria-checked={checked}
            aria-label={`${formatSlot(s.time_slot)}, ${taken ? t('booking.slotTaken') : t('booking.slotAvailable')}`}
            data-slot={s.time_slot}
            disabled={disabled || taken}
            tabIndex={i === tabStop ? 0 : -1}
            type={checked ? 'primary' : 'default'}
            onClick={() => onChange?.(s.time_slot)}
            onKeyDown={(e) => onKeyDown(e, i)}
            style={{ width: '100%', paddingInline: 4, textDecoration: taken && !disabled ? 'line-through' : undefined }}
          >
            {formatSlot(s.time_slot)}
          </Button>
        );
      })}
    </div>
  );
}
