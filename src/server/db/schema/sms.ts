// Tables of the SMS feature added by issue 10 (the message tables themselves are in messaging.ts).
export {};
