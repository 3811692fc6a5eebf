import type { CurrentUserProfile } from '@b2b/contract';
import { issuerProfile } from '../../../test/fixtures';

/** A sysAdmin as the session call answers it: the Tools permissions. */
export const toolsProfile: CurrentUserProfile = {
  ...issuerProfile,
  displayName: 'Sys Admin',
  username: 'sysadmin@example.com',
  permissions: ['StandardLayoutNavbar_VIEW', 'Tools_Area_VIEW', 'Address_Validator_VIEW'],
};

/** Answers multipart uploads (XMLHttpRequest) like the server; records what was sent. */
export class FakeUpload {
  static answer: { status: number; body: unknown } = { status: 200, body: {} };
  static sent: { url: string; form: FormData }[] = [];
  upload: { onprogress: ((e: ProgressEventInit) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(form: FormData) {
    FakeUpload.sent.push({ url: this.url, form });
    setTimeout(() => {
      this.status = FakeUpload.answer.status;
      this.responseText = JSON.stringify(FakeUpload.answer.body);
      this.onload?.();
    }, 10);
  }
}
