import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { ApiClient } from './api-client.js';
import { sendOk } from './wallets.js';

/** Adds a custom expense category named `name` (with `fields` over the defaults), expects it accepted, and answers its id. */
export async function addCategory(api: ApiClient, name: string, fields: Record<string, unknown> = {}): Promise<string> {
  const categoryId = uuidV7();
  await sendOk(api, 'AddCategory', { categoryId, name, type: 'expense', icon: 'cart', color: '#336699', ...fields });
  return categoryId;
}
