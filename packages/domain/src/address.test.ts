import { describe, expect, it } from 'vitest';
import { formatSwissAddress, isSwissPostcode, splitHouseNumber, suggestionFromNominatim } from './address.js';

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

describe('a suggestion as a person reads it (issue 28)', () => {
  const shown = (result: unknown) => {
    const suggestion = suggestionFromNominatim(result);
    if (!suggestion) throw new Error('not a Swiss result');
    return formatSwissAddress(suggestion);
  };
  const ch = 'Schweiz/Suisse/Svizzera/Svizra';

  it('writes street and number, then postcode and place, from the parts of Nominatim answers', () => {
    expect(
      shown({
        display_name: `120, Seestrasse, Thalwil, Thalwil, Zürich, 8800, ${ch}`,
        address: { house_number: '120', road: 'Seestrasse', town: 'Thalwil', municipality: 'Thalwil', state: 'Zürich', postcode: '8800', country: ch, country_code: 'ch' },
      }),
    ).toBe('Seestrasse 120, 8800 Thalwil');
    expect(
      shown({
        display_name: `7, Rue du Rhône, Cité, Genève, 1204, ${ch}`,
        address: { house_number: '7', road: 'Rue du Rhône', suburb: 'Cité', city: 'Genève', state: 'Genève', postcode: '1204', country: ch, country_code: 'ch' },
      }),
    ).toBe('Rue du Rhône 7, 1204 Genève');
    expect(
      shown({
        display_name: `12a, Bahnhofplatz, Bern, Verwaltungskreis Bern-Mittelland, Bern/Berne, 3011, ${ch}`,
        address: { house_number: '12a', road: 'Bahnhofplatz', city: 'Bern', county: 'Verwaltungskreis Bern-Mittelland', state: 'Bern/Berne', postcode: '3011', country: ch, country_code: 'ch' },
      }),
    ).toBe('Bahnhofplatz 12a, 3011 Bern');
  });

  it('leaves out what the answer lacks: the house number, the street, the postcode', () => {
    expect(
      shown({
        display_name: `Seestrasse, Thalwil, Zürich, 8800, ${ch}`,
        address: { road: 'Seestrasse', town: 'Thalwil', state: 'Zürich', postcode: '8800', country: ch, country_code: 'ch' },
      }),
    ).toBe('Seestrasse, 8800 Thalwil');
    expect(
      shown({
        display_name: `Soglio, Bregaglia, Maloja, Graubünden/Grischun/Grigioni, 7610, ${ch}`,
        address: { village: 'Soglio', municipality: 'Bregaglia', state: 'Graubünden/Grischun/Grigioni', postcode: '7610', country: ch, country_code: 'ch' },
      }),
    ).toBe('7610 Soglio');
    expect(
      shown({
        display_name: `Via Nassa, Lugano, Ticino, ${ch}`,
        address: { pedestrian: 'Via Nassa', city: 'Lugano', state: 'Ticino', country: ch, country_code: 'ch' },
      }),
    ).toBe('Via Nassa, Lugano');
  });

  it('never shows a house number without its street, and falls back to the display name when there are no parts', () => {
    expect(formatSwissAddress({ street: '', houseNumber: '5', postalCode: '8001', city: 'Zürich', displayName: 'x' })).toBe('8001 Zürich');
    expect(formatSwissAddress({ street: ' ', houseNumber: '', postalCode: '', city: '', displayName: ' Zürich, Schweiz ' })).toBe('Zürich, Schweiz');
  });
});
