import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FileUploadField, formatFileSize, type FileUploadFieldProps } from './file-upload-field';

function ControlledField(props: Partial<FileUploadFieldProps>) {
  const [files, setFiles] = useState<File[]>([]);
  return <FileUploadField label="Spend file" value={files} onChange={setFiles} {...props} />;
}

const csv = (name: string) => new File(['a,b\n1,2'], name, { type: 'text/csv' });

describe('FileUploadField', () => {
  it('is a group labelled for screen readers, with a labelled file input and accept', () => {
    render(<ControlledField accept=".csv,.xlsx" helperText="CSV or Excel" />);
    const group = screen.getByRole('group', { name: 'Spend file' });
    const input = within(group).getByLabelText('Spend file') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.csv,.xlsx');
    expect(input.multiple).toBe(false);
    const button = within(group).getByRole('button', { name: 'Choose file' });
    expect(
      document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('CSV or Excel');
  });

  it('in single mode shows the chosen file with a remove button and disables choosing', async () => {
    const user = userEvent.setup();
    render(<ControlledField />);
    const choose = screen.getByRole('button', { name: 'Choose file' }) as HTMLButtonElement;
    expect(choose.disabled).toBe(false);

    await user.upload(screen.getByLabelText('Spend file'), csv('spend.csv'));
    expect(screen.getByText('spend.csv')).toBeTruthy();
    expect(choose.disabled).toBe(true);
    expect((screen.getByLabelText('Spend file') as HTMLInputElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Remove spend.csv' }));
    expect(screen.queryByText('spend.csv')).toBeNull();
    expect(choose.disabled).toBe(false);
  });

  it('in multiple mode adds each choice to the list, skipping repeats, and removes one', async () => {
    const user = userEvent.setup();
    render(<ControlledField multiple />);
    const input = screen.getByLabelText('Spend file') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    const first = csv('january.csv');
    await user.upload(input, [first, csv('february.csv')]);
    await user.upload(input, [first, csv('march.csv')]);

    const list = screen.getByRole('list', { name: 'Spend file: chosen files' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/\.csv$/).textContent)).toEqual([
      'january.csv',
      'february.csv',
      'march.csv',
    ]);
    expect(within(items[0]).getByText('7 B')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Choose files' }) as HTMLButtonElement).disabled,
    ).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove february.csv' }));
    expect(within(list).queryByText('february.csv')).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows an error as helper text', () => {
    render(<ControlledField error helperText="Choose a file" />);
    expect(screen.getByText('Choose a file').className).toContain('Mui-error');
  });
});

describe('formatFileSize', () => {
  it.each([
    [512, '512 B'],
    [2048, '2.0 KB'],
    [5 * 1024 * 1024, '5.0 MB'],
  ])('%d bytes read as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
