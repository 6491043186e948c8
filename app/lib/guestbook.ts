/** Limits of the public guestbook form, checked in the browser and again on the server. */
export const NAME_MAX_LENGTH = 100;
export const MESSAGE_MAX_LENGTH = 2000;

/** The honeypot: a field people never see and bots fill in. */
export const HONEYPOT_FIELD = "svetaine";
