import { describe, expect, it } from 'vitest';

import { citiesOf, listedCity, matchPlaces, searchKey } from './places';

describe('places', () => {
  it('lists several hundred places, the spec’s cities of each province first', () => {
    const all = ['Punjab', 'Sindh', 'KhyberPakhtunkhwa', 'Balochistan', 'GilgitBaltistan', 'AzadKashmir', 'Islamabad'].flatMap(citiesOf);

    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(citiesOf('Punjab').slice(0, 7)).toEqual(['Lahore', 'Rawalpindi', 'Multan', 'Faisalabad', 'Gujranwala', 'Sargodha', 'Bahawalpur']);
    expect(citiesOf('Atlantis')).toEqual([]);
  });

  it('compares names as the server does: lower case, letters and digits only', () => {
    expect(searchKey(' D.G. Khan ')).toBe('dgkhan');
    expect(searchKey('Wah-Cantt')).toBe('wahcantt');
  });

  it('finds a place by a start of its name or another spelling, forgiving case, spaces and dots', () => {
    expect(matchPlaces('Punjab', 'sialk')).toEqual(['Sialkot']);
    expect(matchPlaces('Punjab', 'dg khan')).toEqual(['Dera Ghazi Khan']);
    expect(matchPlaces('Punjab', 'D.G Khan')).toEqual(['Dera Ghazi Khan']);
    expect(matchPlaces('Sindh', 'benazir')).toEqual(['Nawabshah']);
    expect(matchPlaces('Sindh', 'sialk')).toEqual([]);
  });

  it('puts names starting with the text before names with a word starting with it', () => {
    expect(matchPlaces('Punjab', 'khan', 4)).toEqual(['Khanewal', 'Khanpur', 'Darya Khan', 'Dera Ghazi Khan']);
  });

  it('knows a listed place in any spelling, and not a place of another province or one the list lacks', () => {
    expect(listedCity('Punjab', 'rahim yar khan')).toBe('Rahim Yar Khan');
    expect(listedCity('Punjab', 'RYK')).toBe('Rahim Yar Khan');
    expect(listedCity('Punjab', 'Karachi')).toBeUndefined();
    expect(listedCity('Punjab', 'Kot Sultan')).toBeUndefined();
    expect(listedCity('Punjab', ' . ')).toBeUndefined();
  });
});
