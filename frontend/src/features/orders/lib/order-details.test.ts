import { describe, expect, it } from 'vitest';

import type { OrderResponse } from '@/api/generated';

import { addressLines } from './order-details';

describe('addressLines', () => {
  it('ends with the city and the province as it is written', () => {
    const details = {
      name: 'Ayesha Khan',
      address: 'House 12\nSaddar',
      city: 'Peshawar',
      province: 'KhyberPakhtunkhwa',
    } as OrderResponse['userDetails'];

    expect(addressLines(details)).toEqual(['Ayesha Khan', 'House 12', 'Saddar', 'Peshawar, Khyber Pakhtunkhwa']);
  });
});
