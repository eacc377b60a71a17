/**
 * One choice among a few, shown as joined buttons: native radio inputs in a
 * fieldset, so Tab stops once per group and the arrow keys move the choice.
 */
interface SegmentedProps<T extends string | number> {
  name: string;
  legend: string;
  /** The legend is for assistive technology only (the choices speak for themselves). */
  legendHidden?: boolean;
  options: readonly { value: T; label: string }[];
  value: T;
  disabled?: boolean;
  onChange: (value: T) => void;
}

export function Segmented<T extends string | number>(props: SegmentedProps<T>) {
  return (
    <fieldset class="choice" disabled={props.disabled}>
      <legend class={props.legendHidden ? 'visually-hidden' : undefined}>{props.legend}</legend>
      <div class="segmented">
        {props.options.map((option) => (
          <label class="segment">
            <input
              type="radio"
              name={props.name}
              value={String(option.value)}
              checked={props.value === option.value}
              onChange={() => {
                props.onChange(option.value);
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
