import { addressSearchQuery } from '../api/address.js';
import { sendMessageBody, sendMessageResponse } from '../api/messages.js';
import { notificationSchema } from '../notifications.js';
import { addressSuggestion } from '../address.js';
import { z } from 'zod';
import { defineRoute, json } from './route.js';

/** Notifications, messages to the experts and the address search. */
export const contactRoutes = {
  notifications: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    access: 'user',
    summary: "The bell's notices (polled; not activity)",
    response: json(z.array(notificationSchema)),
  }),
  sendMessage: defineRoute({
    method: 'POST',
    path: '/api/send-message',
    access: 'user',
    summary: 'Sends a message to the experts (201)',
    body: sendMessageBody,
    response: json(sendMessageResponse),
  }),
  searchAddress: defineRoute({
    method: 'GET',
    path: '/api/address/search',
    access: 'user',
    summary: 'Swiss address suggestions (empty without NOMINATIM_URL)',
    query: addressSearchQuery,
    response: json(z.array(addressSuggestion)),
  }),
} as const;
