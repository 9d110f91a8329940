// BFCL's TravelAPI (travel_booking.py): a token, credit cards, bookings and a fixed fare table. Ids come from a
// seeded random source on success only; the long-context variant adds the upstream extension cards and bookings,
// shared with the module as upstream shares them.
import { add, deepCopy, float, lt, mul, num, PyDict, PyError, pyEquals, pyIn, repr, str, sub, toFloat, truediv, typeName, type Py } from '../py.ts';
import { pyRound } from '../pyNumeric.ts';
import { PyRandom } from '../pyRandom.ts';
import { AttributeSimulator, configGet, method, type BackendConstants, type Method } from '../simulator.ts';

const PUBLIC = [
  'credit_card_list',
  'booking_record',
  'access_token',
  'token_type',
  'token_expires_in',
  'token_scope',
  'user_first_name',
  'user_last_name',
  'budget_limit',
  'long_context',
] as const;
type Attr = (typeof PUBLIC)[number];

/** Upstream's fare table in its order (long context answers every route's cost, in this order). */
const ROUTES =
  `SFO LAX 200,SFO JFK 500,SFO ORD 400,SFO BOS 450,SFO RMS 300,SFO SBK 350,SFO MPC 370,SFO SVP 320,SFO SHD 330,SFO SSV 340,SFO OKD 360,SFO WLB 310,SFO CRH 380,SFO ATV 390,SFO PHV 420,SFO GFD 430,SFO CIA 700,
LAX SFO 100,LAX JFK 600,LAX ORD 500,LAX BOS 550,LAX RMS 310,LAX SBK 320,LAX MPC 330,LAX SVP 340,LAX SHD 350,LAX SSV 360,LAX OKD 370,LAX WLB 380,LAX CRH 390,LAX ATV 400,LAX PHV 410,LAX GFD 420,LAX HND 430,
JFK ORD 300,JFK BOS 250,JFK RMS 450,JFK SBK 460,JFK MPC 470,JFK SVP 480,JFK SHD 490,JFK SSV 500,JFK OKD 510,JFK WLB 520,JFK CRH 530,JFK ATV 540,JFK PHV 550,JFK GFD 560,JFK LAX 570,JFK HND 800,JFK PVG 950,JFK PEK 1000,
ORD LAX 180,ORD BOS 200,ORD RMS 350,ORD SBK 360,ORD MPC 370,ORD SVP 380,ORD SHD 390,ORD SSV 400,ORD OKD 410,ORD WLB 420,ORD CRH 430,ORD ATV 440,ORD PHV 450,ORD GFD 460,
BOS RMS 400,BOS SBK 410,BOS MPC 420,BOS SVP 430,BOS SHD 440,BOS SSV 450,BOS OKD 460,BOS WLB 470,BOS CRH 480,BOS ATV 490,BOS PHV 500,BOS GFD 510,
RMS BOS 200,RMS JFK 210,RMS SBK 220,RMS MPC 230,RMS SVP 240,RMS SHD 250,RMS SSV 260,RMS OKD 270,RMS WLB 280,RMS CRH 290,RMS ATV 300,RMS PHV 310,RMS GFD 320,RMS LAX 330,
SBK MPC 200,SBK SVP 210,SBK SHD 220,SBK SSV 230,SBK OKD 240,SBK WLB 250,SBK CRH 260,SBK ATV 270,SBK PHV 280,SBK GFD 290,
MPC SVP 210,MPC SHD 220,MPC SSV 230,MPC OKD 240,MPC WLB 250,MPC CRH 260,MPC ATV 270,MPC PHV 280,MPC GFD 290,
SVP SHD 230,SVP SSV 240,SVP OKD 250,SVP WLB 260,SVP CRH 270,SVP ATV 280,SVP PHV 290,SVP GFD 300,
SHD SSV 220,SHD OKD 230,SHD WLB 240,SHD CRH 250,SHD ATV 260,SHD PHV 270,SHD GFD 280,
SSV OKD 240,SSV WLB 250,SSV CRH 260,SSV ATV 270,SSV PHV 280,SSV GFD 290,
OKD WLB 230,OKD CRH 240,OKD ATV 250,OKD PHV 260,OKD GFD 270,WLB CRH 250,WLB ATV 260,WLB PHV 270,WLB GFD 280,
CRH ATV 240,CRH PHV 250,CRH GFD 260,CRH SFO 270,CRH RMS 280,CRH HKG 290,CRH JFK 300,ATV PHV 230,ATV GFD 240,PHV GFD 220,LHR CDG 100,OKD LAX 220`
    .split(/,\s*/)
    .map((r) => r.split(' '))
    .map(([from, to, cost]) => ({ from: from!, to: to!, cost: Number(cost) }));

const AIRPORTS = [
  'RMS',
  'SBK',
  'MPC',
  'SVP',
  'SHD',
  'CDG',
  'LHR',
  'SSV',
  'OKD',
  'WLB',
  'PEK',
  'HND',
  'HKG',
  'CIA',
  'CRH',
  'ATV',
  'PHV',
  'GFD',
  'SFO',
  'LAX',
  'JFK',
  'ORD',
  'BOS',
];
const NEAREST: Record<string, string> = {
  Rivermist: 'RMS',
  Stonebrook: 'SBK',
  Maplecrest: 'MPC',
  Silverpine: 'SVP',
  Shadowridge: 'SHD',
  London: 'LHR',
  Paris: 'CDG',
  'Sunset Valley': 'SSV',
  Oakendale: 'OKD',
  Willowbend: 'WLB',
  'Crescent Hollow': 'CRH',
  Autumnville: 'ATV',
  Pinehaven: 'PHV',
  Greenfield: 'GFD',
  'San Francisco': 'SFO',
  'Los Angeles': 'LAX',
  'New York': 'JFK',
  Chicago: 'ORD',
  Boston: 'BOS',
  Beijing: 'PEK',
  'Hong Kong': 'HKG',
  Rome: 'CIA',
  Tokyo: 'HND',
};
const EXCHANGE: [string, string, Py][] = [
  ['USD', 'RMB', 7],
  ['USD', 'EUR', float(0.8)],
  ['USD', 'JPY', 110],
  ['USD', 'GBP', float(0.7)],
  ['USD', 'CAD', float(1.3)],
  ['USD', 'AUD', float(1.4)],
  ['USD', 'INR', 70],
  ['USD', 'RUB', 60],
  ['USD', 'BRL', float(3.8)],
  ['USD', 'MXN', 20],
];
const CLASS_FACTOR: Record<string, number> = { economy: 1, business: 2, first: 5 };

function isDate(text: Py): boolean {
  if (typeof text !== 'string') throw new PyError('TypeError', `strptime() argument 1 must be str, not ${typeName(text)}`);
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export class TravelBooking extends AttributeSimulator<Attr> {
  readonly className = 'TravelAPI';
  private random = new PyRandom(141053);

  constructor(
    constants: BackendConstants,
    private readonly today: () => Date,
  ) {
    super(constants, PUBLIC);
  }

  private get cards(): PyDict {
    return this.get('credit_card_list') as PyDict;
  }
  private get bookings(): PyDict {
    return this.get('booking_record') as PyDict;
  }

  override loadScenario(config: PyDict, longContext: boolean): void {
    const defaults = this.defaults('travel_booking.py');
    this.random = new PyRandom(num(configGet(config, 'random_seed', defaults.item('random_seed')))!);
    for (const key of PUBLIC) if (key !== 'long_context') this.set(key, configGet(config, key, defaults.item(key)));
    this.set('long_context', longContext);
    if (longContext) {
      for (const [name, target] of [
        ['CREDIT_CARD_EXTENSION', this.cards],
        ['BOOKING_RECORD_EXTENSION', this.bookings],
      ] as const) {
        for (const [id, info] of (this.constants.longContext.item(name) as PyDict).items()) if (!target.has(id)) target.set(id, info);
      }
    }
  }

  /** The token checks most calls start with; `field` names the status key upstream puts first. */
  private tokenProblem(accessToken: Py, field?: string): PyDict | undefined {
    const head = field ? [[field, false] as [string, Py]] : [];
    if (pyEquals(this.get('token_expires_in'), 0)) return new PyDict([...head, ['error', 'Token expired']]);
    if (!pyEquals(accessToken, this.get('access_token'))) return new PyDict([...head, ['error', 'Invalid access token']]);
    return undefined;
  }

  /** Every route's cost for the class and date, raising upstream's ValueErrors. */
  private costs(from: Py, to: Py, date: Py, travelClass: Py): { pair: number; all: number[] } {
    const route = ROUTES.find((r) => pyEquals(r.from, from) && pyEquals(r.to, to));
    if (!route) throw new PyError('ValueError', 'No available route for the given airports.');
    const factor = typeof travelClass === 'string' ? CLASS_FACTOR[travelClass] : undefined;
    if (factor === undefined) throw new PyError('ValueError', 'Invalid travel class. Options are: economy, business, first.');
    const digitSum = [...str(date)].filter((c) => /\p{Nd}/u.test(c)).reduce((sum, c) => sum + Number(c), 0);
    const multiplier = digitSum % 2 === 0 ? 2 : 1;
    return { pair: route.cost * factor * multiplier, all: ROUTES.map((r) => r.cost * factor * multiplier) };
  }

  readonly methods: Record<string, Method> = {
    authenticate_travel: method(
      ['client_id', 'client_secret', 'refresh_token', 'grant_type', 'user_first_name', 'user_last_name'],
      (_id, _secret, _refresh, grantType, first, last) => {
        this.set('token_expires_in', 2);
        this.set('access_token', String(this.random.randint(100000, 999999)));
        this.set('token_type', 'Bearer');
        this.set('token_scope', grantType!);
        this.set('user_first_name', first!);
        this.set('user_last_name', last!);
        return PyDict.of({ expires_in: 2, access_token: this.get('access_token'), token_type: 'Bearer', scope: grantType! });
      },
    ),
    travel_get_login_status: method([], () => {
      const expires = this.get('token_expires_in');
      return PyDict.of({ status: !(expires === null || pyEquals(expires, 0)) });
    }),
    get_budget_fiscal_year: method(
      [
        ['lastModifiedAfter', null],
        ['includeRemoved', null],
      ],
      () => PyDict.of({ budget_fiscal_year: '2018' }),
    ),
    register_credit_card: method(
      ['access_token', 'card_number', 'expiration_date', 'cardholder_name', 'card_verification_number'],
      (token, number, expiration, holder, cvv) => {
        if (this.get('token_expires_in') === null) return PyDict.of({ error: 'Token not initialized' });
        const problem = this.tokenProblem(token!);
        if (problem) return problem;
        if (this.cards.has(number!)) return PyDict.of({ error: 'Card already registered' });
        const id = String(this.random.randint(100000000000, 999999999999));
        this.cards.set(
          id,
          PyDict.of({
            card_number: number!,
            expiration_date: expiration!,
            cardholder_name: holder!,
            card_verification_number: cvv!,
            balance: this.random.randint(10000, 99999),
          }),
        );
        return PyDict.of({ card_id: id });
      },
    ),
    get_flight_cost: method(['travel_from', 'travel_to', 'travel_date', 'travel_class'], (from, to, date, travelClass) => {
      const { pair, all } = this.costs(from!, to!, date!, travelClass!);
      return PyDict.of({ travel_cost_list: (this.get('long_context') === true ? all : [pair]).map(float) });
    }),
    get_credit_card_balance: method(['access_token', 'card_id'], (token, cardId) => {
      const problem = this.tokenProblem(token!);
      if (problem) return problem;
      if (!this.cards.has(cardId!)) return PyDict.of({ error: `Card not registered. Here are a list of card_id's: ${repr(this.cards.keys())}` });
      return PyDict.of({ card_balance: (this.cards.get(cardId!) as PyDict).item('balance') });
    }),
    book_flight: method(
      ['access_token', 'card_id', 'travel_date', 'travel_from', 'travel_to', 'travel_class'],
      (token, cardId, date, from, to, travelClass) => {
        const problem = this.tokenProblem(token!, 'booking_status');
        if (problem) return problem;
        const refuse = (error: string): PyDict => PyDict.of({ booking_status: false, error });
        if (!this.cards.has(cardId!)) return refuse('Card not registered');
        const card = this.cards.get(cardId!) as PyDict;
        if (!card.has('balance')) return refuse('Balance not found');
        if (!pyIn(from!, AIRPORTS)) return refuse(`Invalid departure airport code: ${str(from!)}`);
        if (!pyIn(to!, AIRPORTS)) return refuse(`Invalid destination airport code: ${str(to!)}`);
        if (!isDate(date!)) return refuse('Invalid date format. Use YYYY-MM-DD.');
        if (typeof travelClass !== 'string' || !(travelClass in CLASS_FACTOR))
          return refuse(`Invalid travel class. Must be one of {'economy', 'business', 'first'}`);
        let cost: Py;
        try {
          cost = float(this.costs(from!, to!, date!, travelClass).pair);
        } catch (e) {
          if (e instanceof PyError && e.pyType === 'ValueError') return refuse(e.message);
          throw e;
        }
        if (lt(card.item('balance'), cost)) return refuse('Insufficient funds');
        const budget = this.get('budget_limit');
        if (budget !== null && lt(card.item('balance'), budget)) return refuse('Balance is less than budget limit');
        card.set('balance', sub(card.item('balance'), cost));
        const bookingId = String(this.random.randint(1000000, 9999999));
        const transactionId = String(this.random.randint(10000000, 99999999));
        this.bookings.set(
          bookingId,
          PyDict.of({
            card_id: cardId!,
            travel_date: date!,
            travel_from: from!,
            travel_to: to!,
            travel_class: travelClass,
            travel_cost: cost,
            transaction_id: transactionId,
          }),
        );
        return PyDict.of({
          booking_id: bookingId,
          transaction_id: transactionId,
          booking_status: true,
          booking_history: this.get('long_context') === true ? this.bookings : new PyDict(),
        });
      },
    ),
    retrieve_invoice: method(['access_token', ['booking_id', null], ['insurance_id', null]], (token, bookingId) => {
      const problem = this.tokenProblem(token!);
      if (problem) return problem;
      if (!this.bookings.has(bookingId!)) return PyDict.of({ error: 'Booking not found' });
      const booking = this.bookings.get(bookingId!) as PyDict;
      const invoice = new PyDict([
        ['booking_id', bookingId!],
        ...(['travel_date', 'travel_from', 'travel_to', 'travel_class', 'travel_cost', 'transaction_id'] as const).map((k): [Py, Py] => [k, booking.item(k)]),
      ]);
      return PyDict.of({ invoice });
    }),
    get_booking_history: method(['access_token'], (token) => this.tokenProblem(token!) ?? PyDict.of({ booking_history: deepCopy(this.bookings) })),
    list_all_airports: method([], () => [...AIRPORTS]),
    cancel_booking: method(['access_token', 'booking_id'], (token, bookingId) => {
      const problem = this.tokenProblem(token!, 'cancel_status');
      if (problem) return problem;
      if (!this.bookings.has(bookingId!)) return PyDict.of({ cancel_status: false, error: 'Booking not found' });
      const booking = this.bookings.get(bookingId!) as PyDict;
      const card = this.cards.item(booking.item('card_id')) as PyDict;
      card.set('balance', add(card.item('balance'), booking.item('travel_cost')));
      this.bookings.delete(bookingId!);
      return PyDict.of({ cancel_status: true });
    }),
    compute_exchange_rate: method(['base_currency', 'target_currency', 'value'], (base, target, value) => {
      for (const [a, b, rate] of EXCHANGE) {
        if (pyEquals(base!, a) && pyEquals(target!, b)) return PyDict.of({ exchanged_value: toFloat(mul(value!, rate)) });
        if (pyEquals(base!, b) && pyEquals(target!, a)) return PyDict.of({ exchanged_value: pyRound(truediv(value!, rate), 2) });
      }
      throw new PyError('ValueError', 'No available exchange rate for the given currencies.');
    }),
    verify_traveler_information: method(['first_name', 'last_name', 'date_of_birth', 'passport_number'], (first, last, birth, passport) => {
      const fail = (why: string): PyDict => PyDict.of({ verification_status: false, verification_failure: why });
      if (!pyEquals(this.get('user_first_name'), first!) || !pyEquals(this.get('user_last_name'), last!)) {
        return fail(
          `Cannot book flight information for another user.Expected ${str(this.get('user_first_name'))} ${str(this.get('user_last_name'))}, got ${str(first!)} ${str(last!)}`,
        );
      }
      if (!isDate(birth!)) return fail('Invalid date of birth format. Please use YYYY-MM-DD.');
      const [y, m, d] = str(birth!).split('-').map(Number) as [number, number, number];
      const today = this.today();
      const age = today.getFullYear() - y - (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d) ? 1 : 0);
      if (age < 18) return fail('Traveler must be at least 18 years old.');
      if (typeof passport !== 'string') throw new PyError('AttributeError', `'${typeName(passport!)}' object has no attribute 'startswith'`);
      if (!passport.startsWith('US')) return fail('Passport must be issued by the United States.');
      return PyDict.of({ verification_status: true });
    }),
    set_budget_limit: method(['access_token', 'budget_limit'], (token, limit) => {
      const problem = this.tokenProblem(token!);
      if (problem) return problem;
      const value = toFloat(limit!);
      this.set('budget_limit', value);
      return PyDict.of({ budget_limit: value });
    }),
    get_nearest_airport_by_city: method(['location'], (location) =>
      PyDict.of({ nearest_airport: typeof location === 'string' && Object.hasOwn(NEAREST, location) ? NEAREST[location]! : 'Unknown' }),
    ),
    purchase_insurance: method(['access_token', 'insurance_type', 'booking_id', 'insurance_cost', 'card_id'], (token, _type, bookingId, cost, cardId) => {
      const problem = this.tokenProblem(token!, 'insurance_status');
      if (problem) return problem;
      const refuse = (error: string): PyDict => PyDict.of({ insurance_status: false, error });
      const budget = this.get('budget_limit');
      if (budget !== null && lt(budget, cost!)) return refuse('Exceeded budget limit');
      if (!this.bookings.has(bookingId!)) return refuse('Booking not found');
      if (!this.cards.has(cardId!)) return refuse('Credit card not registered');
      const card = this.cards.get(cardId!) as PyDict;
      card.set('balance', sub(card.item('balance'), cost!));
      return PyDict.of({ insurance_id: String(this.random.randint(100000000, 999999999)), insurance_status: true });
    }),
    contact_customer_support: method(['booking_id', 'message'], (bookingId) =>
      this.bookings.has(bookingId!)
        ? PyDict.of({
            customer_support_message: 'Thank you for contacting customer support. Your message has been received and we will get back to you shortly.',
          })
        : PyDict.of({ error: 'Booking not found' }),
    ),
    get_all_credit_cards: method([], () => PyDict.of({ credit_card_list: this.cards })),
  };
}
