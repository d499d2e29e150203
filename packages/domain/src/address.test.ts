import { describe, expect, it } from 'vitest';
import { isSwissPostcode, splitHouseNumber, suggestionFromNominatim } from './address.js';

describe('Swiss postcodes', () => {
  it('accepts four digits from 1000 to 9699', () => {
    expect(isSwissPostcode('1000')).toBe(true);
    expect(isSwissPostcode('8001')).toBe(true);
    expect(isSwissPostcode('9699')).toBe(true);
    expect(isSwissPostcode('0999')).toBe(false);
    expect(isSwissPostcode('9700')).toBe(false);
    expect(isSwissPostcode('800')).toBe(false);
    expect(isSwissPostcode('80011')).toBe(false);
    expect(isSwissPostcode('8OO1')).toBe(false);
    expect(isSwissPostcode(' 8001')).toBe(false);
    expect(isSwissPostcode('')).toBe(false);
  });
});

describe('house number split', () => {
  it('splits digits plus optional letters from the end of the street', () => {
    expect(splitHouseNumber('Bahnhofstrasse 12a')).toEqual({ street: 'Bahnhofstrasse', houseNumber: '12a' });
    expect(splitHouseNumber('Rue du Rhône 7')).toEqual({ street: 'Rue du Rhône', houseNumber: '7' });
    expect(splitHouseNumber('  Seestrasse   104B ')).toEqual({ street: 'Seestrasse', houseNumber: '104B' });
  });

  it('leaves a street without a number at the end whole', () => {
    expect(splitHouseNumber('Bahnhofstrasse')).toEqual({ street: 'Bahnhofstrasse', houseNumber: '' });
    expect(splitHouseNumber('Strasse 12 Ost')).toEqual({ street: 'Strasse 12 Ost', houseNumber: '' });
    expect(splitHouseNumber('Bahnhofstrasse12')).toEqual({ street: 'Bahnhofstrasse12', houseNumber: '' });
    expect(splitHouseNumber('12')).toEqual({ street: '12', houseNumber: '' });
    expect(splitHouseNumber('')).toEqual({ street: '', houseNumber: '' });
  });
});

describe('Nominatim results', () => {
  const zurich = {
    place_id: 1,
    display_name: '12, Bahnhofstrasse, Altstadt, Zürich, Bezirk Zürich, Zürich, 8001, Schweiz/Suisse/Svizzera/Svizra',
    address: {
      house_number: '12',
      road: 'Bahnhofstrasse',
      city: 'Zürich',
      county: 'Bezirk Zürich',
      state: 'Zürich',
      postcode: '8001',
      country: 'Schweiz/Suisse/Svizzera/Svizra',
      country_code: 'ch',
    },
  };

  it('maps a Swiss result to a suggestion', () => {
    expect(suggestionFromNominatim(zurich)).toEqual({
      displayName: zurich.display_name,
      street: 'Bahnhofstrasse',
      houseNumber: '12',
      postalCode: '8001',
      city: 'Zürich',
      gemeinde: 'Zürich',
      state: 'Zürich',
      country: 'Schweiz/Suisse/Svizzera/Svizra',
    });
  });

  it('prefers the municipality as gemeinde and falls back through town and village', () => {
    const village = { display_name: 'x', address: { pedestrian: 'Dorfplatz', village: 'Soglio', municipality: 'Bregaglia', country_code: 'CH' } };
    expect(suggestionFromNominatim(village)).toMatchObject({ street: 'Dorfplatz', city: 'Soglio', gemeinde: 'Bregaglia', houseNumber: '' });
    const city = { address: { city: 'Rapperswil', municipality: 'Rapperswil-Jona', country_code: 'ch' } };
    expect(suggestionFromNominatim(city)).toMatchObject({ city: 'Rapperswil', gemeinde: 'Rapperswil-Jona' });
    const town = { address: { town: 'Uster', country_code: 'ch' } };
    expect(suggestionFromNominatim(town)).toMatchObject({ city: 'Uster', gemeinde: 'Uster', displayName: '', street: '' });
    const hamlet = { address: { hamlet: 'Isenthal-Dorf', country_code: 'ch' } };
    expect(suggestionFromNominatim(hamlet)).toMatchObject({ city: 'Isenthal-Dorf', gemeinde: '' });
  });

  it('drops results outside Switzerland and anything that is not a result', () => {
    expect(suggestionFromNominatim({ ...zurich, address: { ...zurich.address, country_code: 'de' } })).toBeNull();
    expect(suggestionFromNominatim({ display_name: 'no address' })).toBeNull();
    expect(suggestionFromNominatim(null)).toBeNull();
    expect(suggestionFromNominatim('Bahnhofstrasse')).toBeNull();
  });

  it('ignores fields of an unexpected type', () => {
    const odd = { display_name: 42, address: { road: ['x'], postcode: '8001', city: 'Zürich', country_code: 'ch' } };
    expect(suggestionFromNominatim(odd)).toMatchObject({ displayName: '', street: '', postalCode: '8001' });
  });
});
