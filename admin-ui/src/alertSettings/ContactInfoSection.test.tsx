import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonAnswer, renderInApp, signInWith, stubFetch } from '../ui/testing';
import { userContextStore } from '../lib/userContext';
import { ContactInfoSection } from './ContactInfoSection';

afterEach(() => vi.unstubAllGlobals());

const CARRIERS = [
  { mobile_carrier_id: 1, carrier_name: 'AT&T', sms_gateway_domain: 'txt.att.net' },
  { mobile_carrier_id: 2, carrier_name: 'Verizon', sms_gateway_domain: 'vtext.com' },
];
const USER = { asp_users_id: 7, user_id: 'buyer', fname: 'Bea', lname: 'Buyer', email: 'bea@example.com', fss_employee: false, mobile_phone: null, mobile_carrier_id: null };

async function chooseCarrier(name: string) {
  fireEvent.mouseDown(screen.getByTestId('contact-carrier'));
  fireEvent.click(within(await screen.findByRole('listbox')).getByText(name));
}

describe('ContactInfoSection', () => {
  it('saves a mobile number with its carrier and shows the address the server answers', async () => {
    signInWith(['BasicAccess']);
    const fetchMock = stubFetch((path) => {
      if (path === '/api/V1/User/7') return USER;
      if (path === '/api/V1/User/ASPMobileCarriers') return CARRIERS;
      if (path === '/api/V1/User/ContactInfo/Update')
        return { email: 'bea@example.com', mobile_phone: '555-123-4567', mobile_carrier_id: 2, text_address: '5551234567@vtext.com' };
      return null;
    });
    renderInApp(<ContactInfoSection userId={7} textWanted />);
    await waitFor(() => expect((screen.getByTestId('contact-email') as HTMLInputElement).value).toBe('bea@example.com'));
    expect(screen.getByTestId('contact-text-hint').textContent).toContain('no mobile number is saved');
    expect(screen.getByTestId('contact-text-address').textContent).toBe('No texts are sent: no mobile number is saved.');
    expect((screen.getByTestId('contact-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByTestId('contact-phone'), { target: { value: '555-123-4567' } });
    await chooseCarrier('Verizon');
    fireEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(screen.getByTestId('contact-text-address').textContent).toBe('Texts go to 5551234567@vtext.com'));
    const post = fetchMock.mock.calls.find(([url]) => String(url).includes('ContactInfo/Update'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ mobile_phone: '555-123-4567', mobile_carrier_id: 2 });
    expect(screen.queryByTestId('contact-text-hint')).toBeNull();
  });

  it("puts the server's refusal of the number on the number's field", async () => {
    signInWith(['BasicAccess']);
    stubFetch((path) => {
      if (path === '/api/V1/User/7') return USER;
      if (path === '/api/V1/User/ASPMobileCarriers') return CARRIERS;
      if (path === '/api/V1/User/ContactInfo/Update')
        return jsonAnswer(
          { status: 400, message: 'Enter a 10-digit mobile number', errors: [{ field: 'mobile_phone', error: 'Enter a 10-digit mobile number (US or Canada), such as 555-123-4567.', errorType: 'invalidPhone' }] },
          400,
        );
      return null;
    });
    renderInApp(<ContactInfoSection userId={7} />);
    await waitFor(() => expect((screen.getByTestId('contact-email') as HTMLInputElement).value).toBe('bea@example.com'));
    fireEvent.change(screen.getByTestId('contact-phone'), { target: { value: '555-1234' } });
    await chooseCarrier('AT&T');
    fireEvent.click(screen.getByTestId('contact-save'));
    await screen.findByText('Enter a 10-digit mobile number (US or Canada), such as 555-123-4567.');
    expect(screen.queryByTestId('contact-error')).toBeNull();
  });

  it('shows the text address of the saved number and puts a new e-mail address into the user context', async () => {
    signInWith(['BasicAccess']);
    stubFetch((path) => {
      if (path === '/api/V1/User/7') return { ...USER, mobile_phone: '1 555 123 4567', mobile_carrier_id: 1 };
      if (path === '/api/V1/User/ASPMobileCarriers') return CARRIERS;
      if (path === '/api/V1/User/ContactInfo/Update')
        return { email: 'bea@new.example', mobile_phone: '1 555 123 4567', mobile_carrier_id: 1, text_address: '5551234567@txt.att.net' };
      return null;
    });
    renderInApp(<ContactInfoSection userId={7} textWanted />);
    await waitFor(() => expect(screen.getByTestId('contact-text-address').textContent).toBe('Texts go to 5551234567@txt.att.net'));
    expect(screen.queryByTestId('contact-text-hint')).toBeNull();
    fireEvent.change(screen.getByTestId('contact-email'), { target: { value: 'bea@new.example' } });
    fireEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(userContextStore.getState().context?.currentUser.email).toBe('bea@new.example'));
  });
});
