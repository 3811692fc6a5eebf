import { MESSAGES } from '@b2b/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import { FormDialog, type FormDialogProps } from './form-dialog';
import type { FormDialogField } from './form-dialog-fields';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  country: z
    .string()
    .nullable()
    .refine((value) => value !== null, 'Choose a country'),
  agree: z.boolean().refine((value) => value, 'You must agree'),
  kind: z.enum(['base', 'advanced'], { error: 'Choose a job type' }),
  files: z.array(z.instanceof(File)).min(1, 'Choose a file'),
});
type Values = z.input<typeof schema>;

const fields: FormDialogField<Values>[] = [
  { type: 'TextField', name: 'name', label: 'Name', helperText: 'As shown to users' },
  {
    type: 'Autocomplete',
    name: 'country',
    label: 'Country',
    options: [
      { value: 'GBR', label: 'United Kingdom' },
      { value: 'FRA', label: 'France' },
    ],
  },
  { type: 'Checkbox', name: 'agree', label: 'I agree' },
  {
    type: 'RadioGroup',
    name: 'kind',
    label: 'Job type',
    options: [
      { value: 'base', label: 'Base' },
      { value: 'advanced', label: 'Advanced' },
    ],
  },
  { type: 'FileUpload', name: 'files', label: 'Spend file', accept: '.csv' },
];

const defaultValues = { name: '', country: null, agree: false, kind: undefined, files: [] };

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderDialog(props: Partial<FormDialogProps<typeof schema>> = {}) {
  const onSubmit = vi.fn<(values: z.output<typeof schema>) => Promise<void>>(async () => undefined);
  const onClose = vi.fn();
  render(
    <FormDialog
      open
      title="Create job"
      fields={fields}
      schema={schema}
      defaultValues={defaultValues}
      onSubmit={onSubmit}
      onClose={onClose}
      {...props}
    />,
  );
  return { onSubmit: props.onSubmit ?? onSubmit, onClose, user: userEvent.setup() };
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Spend 2025');
  await user.click(screen.getByRole('combobox', { name: 'Country' }));
  await user.click(await screen.findByRole('option', { name: 'France' }));
  await user.click(screen.getByRole('checkbox', { name: 'I agree' }));
  await user.click(screen.getByRole('radio', { name: 'Advanced' }));
  const file = new File(['a,b'], 'spend.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('Spend file'), file);
  return file;
}

// Full dialogs with MUI transitions and user-event typing: slow on a busy machine.
describe('FormDialog', { timeout: 20_000 }, () => {
  it('draws each field type and the default No and Yes buttons', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Create job' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Country' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'I agree' })).toBeTruthy();
    expect(within(dialog).getByRole('radiogroup')).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Spend file' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: MESSAGES.dialogNo })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: MESSAGES.dialogYes })).toBeTruthy();
  });

  it('uses the labels it is given instead of No and Yes', () => {
    renderDialog({ submitLabel: 'Create', cancelLabel: 'Cancel' });
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('validates against the schema and shows each error as the field helper text', async () => {
    const { onSubmit, user } = renderDialog();
    expect(screen.getByText('As shown to users')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MESSAGES.dialogYes }));

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Name is required');
    expect(screen.queryByText('As shown to users')).toBeNull();
    for (const message of [
      'Choose a country',
      'You must agree',
      'Choose a job type',
      'Choose a file',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the parsed values, then closes', async () => {
    const { onSubmit, onClose, user } = renderDialog();
    const file = await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: MESSAGES.dialogYes }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Spend 2025',
      country: 'FRA',
      agree: true,
      kind: 'advanced',
      files: [file],
    });
  });

  it('closes on No, Escape and a backdrop click while idle', async () => {
    const { onClose, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: MESSAGES.dialogNo }));
    await user.keyboard('{Escape}');
    await user.click(document.querySelector('.MuiDialog-container') as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('cannot be closed while submitting, and ignores repeated clicks on Yes', async () => {
    const pending = deferred();
    const onSubmit = vi.fn(() => pending.promise);
    const { onClose, user } = renderDialog({ onSubmit });
    await fillValidForm(user);
    const yes = screen.getByRole('button', { name: MESSAGES.dialogYes }) as HTMLButtonElement;
    await user.dblClick(yes);
    await waitFor(() => expect(yes.getAttribute('aria-busy')).toBe('true'));
    // Past the busy button: a submit that still reaches the form (e.g. Enter in a field).
    fireEvent.submit(yes.form as HTMLFormElement);

    const no = screen.getByRole('button', { name: MESSAGES.dialogNo }) as HTMLButtonElement;
    expect(no.disabled).toBe(true);
    await user.keyboard('{Escape}');
    await user.click(document.querySelector('.MuiDialog-container') as HTMLElement);
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).disabled).toBe(true);

    pending.resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("shows the server's error inside the dialog, on the field it names, and stays open", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, 'A job with this name exists.', 'conflict', [
        { field: 'name', message: 'Already taken' },
      ]);
    });
    const { onClose, user } = renderDialog({ onSubmit });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: MESSAGES.dialogYes }));

    const dialog = screen.getByRole('dialog', { name: 'Create job' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A job with this name exists.',
    );
    expect(within(dialog).getByText('Already taken')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(
      (screen.getByRole('button', { name: MESSAGES.dialogNo }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('shows the generic problem text for an error that is not an API error', async () => {
    const onSubmit = vi.fn(async () => {
      throw new TypeError('x is undefined');
    });
    const { user } = renderDialog({ onSubmit });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: MESSAGES.dialogYes }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.genericProblem);
  });

  it('starts again from the default values when opened again', async () => {
    const onClose = vi.fn();
    const props = {
      title: 'Create job',
      fields,
      schema,
      defaultValues,
      onSubmit: vi.fn(),
      onClose,
    };
    const { rerender } = render(<FormDialog open {...props} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Draft');
    rerender(<FormDialog open={false} {...props} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    rerender(<FormDialog open {...props} />);
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
  });

  it('throws for an unsupported field type', () => {
    const unsupported = {
      type: 'DatePicker',
      name: 'when',
      label: 'When',
    } as unknown as FormDialogField<Values>;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderDialog({ fields: [...fields, unsupported] })).toThrow(
      'Unsupported dialog field type: DatePicker',
    );
  });
});
