import { useId, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import '../../../components/combobox.css';

// Few enough to scan; typing narrows the rest.
const MAX_SHOWN = 50;

export interface ComboboxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'role' | 'list'
> {
  value: string;
  onChange(value: string): void;
  /** Values offered; the seller may still type any other. */
  options: readonly string[];
  /** Accessible name of the list of suggestions. */
  listLabel: string;
  /** The words shown for a value (e.g. a seller label for a service code); the value itself by default. */
  display?(value: string): string;
  /** The value that shown or typed words stand for; the words themselves by default. */
  parse?(text: string): string;
}

/**
 * The options worth showing: all of them when the list was asked for (a click, an arrow key),
 * else those containing what is typed, and none once the text is exactly the only match.
 */
export function matchingOptions(options: readonly string[], value: string, all: boolean): string[] {
  const query = value.trim().toLowerCase();
  if (all || query === '') return options.slice(0, MAX_SHOWN);
  const shown = options.filter((o) => o.toLowerCase().includes(query));
  return shown.length === 1 && shown[0] === value ? [] : shown.slice(0, MAX_SHOWN);
}

/**
 * A text field with suggestions (the ARIA combobox pattern, list autocomplete): typing filters the
 * list, arrow keys move through it, Enter takes the highlighted value, Escape closes it. Unlike a
 * native datalist it looks the same in light and dark and can be driven by tests.
 */
export function Combobox({
  value,
  onChange: onValue,
  options: values,
  listLabel,
  display = (v) => v,
  parse = (text) => text,
  className,
  ...input
}: ComboboxProps) {
  const listId = useId();
  // The list and the field work on the words shown; the draft gets the value they stand for.
  const options = values.map(display);
  const text = display(value);
  const onChange = (shown: string) => onValue(parse(shown));
  // 'all' when the seller asked for the list, 'typed' while it follows the typing.
  const [open, setOpen] = useState<false | 'all' | 'typed'>(false);
  const [active, setActive] = useState(-1);
  const shown = open ? matchingOptions(options, text, open === 'all') : [];
  const expanded = shown.length > 0;

  const choose = (option: string) => {
    onChange(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        const list = matchingOptions(options, text, true);
        if (list.length === 0) return;
        setOpen('all');
        setActive(event.key === 'ArrowDown' ? 0 : list.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' && expanded && active >= 0 && shown[active] !== undefined) {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape' && expanded) {
      // Only this list closes; a dialog around it stays.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className={`combobox${options.length > 0 ? ' has-options' : ''} ${className ?? ''}`}>
      <input
        {...input}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen('typed');
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          setOpen(open ? false : 'all');
          input.onClick?.(event);
        }}
        onBlur={(event) => {
          setOpen(false);
          setActive(-1);
          input.onBlur?.(event);
        }}
      />
      <ul id={listId} role="listbox" aria-label={listLabel} className="combobox-list" hidden={!expanded}>
        {shown.map((option, index) => (
          <li
            key={option}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'active' : undefined}
            // Keeps the focus in the field, so the click below still finds the list open.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option}
          </li>
        ))}
      </ul>
    </div>
  );
}
