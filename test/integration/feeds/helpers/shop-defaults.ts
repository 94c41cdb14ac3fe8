// The contact and place a shop's account is given before its feeds run (the tests' and the feed
// benchmark's): a module of its own, so the benchmark's planning process loads no test helper.
/** The account's contact and place: a product feed carries none. */
export const SHOP_DEFAULTS = {
  email: 'laden@example.de',
  phoneNumber: '',
  contactPerson: '',
  street: 'Marktplatz 3',
  city: 'Lüneburg',
  district: 'Altstadt',
  postalCode: '21335',
  availabilityRadiusInKm: '25',
  descriptionFooter: '',
};
