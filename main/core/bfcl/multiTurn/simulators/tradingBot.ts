// BFCL's TradingBot: orders, an account, a watch list and stock quotes on a fixed clock (2024-09-01 10:30).
import { abs, add, ge, gt, iter, le, PyDict, PyError, pyEquals, pyIn, repr, str, sub, toFloat, truthy, typeName, type Py } from '../py.ts';
import { PyRandom } from '../pyRandom.ts';
import { AttributeSimulator, configGet, method, type BackendConstants, type Method } from '../simulator.ts';

const PUBLIC = [
  'orders',
  'account_info',
  'authenticated',
  'market_status',
  'order_counter',
  'stocks',
  'watch_list',
  'transaction_history',
  'long_context',
] as const;
type Attr = (typeof PUBLIC)[number];

const SYMBOLS: Record<string, string> = {
  Apple: 'AAPL',
  Google: 'GOOG',
  Tesla: 'TSLA',
  Microsoft: 'MSFT',
  Nvidia: 'NVDA',
  'Zeta Corp': 'ZETA',
  'Alpha Tech': 'ALPH',
  'Omega Industries': 'OMEG',
  'Quasar Ltd.': 'QUAS',
  'Neptune Systems': 'NEPT',
  'Synex Solutions': 'SYNX',
  Amazon: 'AMZN',
  Gorilla: 'GORI',
};

/** The fixed clock, as seconds of a UTC calendar (upstream's local-time round trip cancels out, see MULTI_TURN.md §4). */
const CURRENT_TIME = Date.UTC(2024, 8, 1, 10, 30) / 1000;

const pad = (n: number): string => String(n).padStart(2, '0');
function formatTimestamp(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `datetime.strptime(text, fmt)` for the two formats used here; seconds of a UTC calendar. */
function strptime(text: Py, format: '%Y-%m-%d' | '%Y-%m-%d %H:%M:%S' | '%I:%M %p'): number {
  if (typeof text !== 'string') throw new PyError('TypeError', `strptime() argument 1 must be str, not ${typeName(text)}`);
  const fail = (): PyError => new PyError('ValueError', `time data ${repr(text)} does not match format '${format}'`);
  if (format === '%I:%M %p') {
    const m = /^\s*(\d{1,2}):(\d{1,2})\s+(AM|PM)\s*$/i.exec(text);
    if (!m) throw fail();
    const hour = Number(m[1]);
    const minute = Number(m[2]);
    if (hour < 1 || hour > 12 || minute > 59) throw fail();
    return ((hour % 12) + (m[3]!.toUpperCase() === 'PM' ? 12 : 0)) * 3600 + minute * 60;
  }
  const m = format === '%Y-%m-%d' ? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text) : /^(\d{4})-(\d{1,2})-(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})$/.exec(text);
  if (!m) throw fail();
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map(Number) as number[];
  const t = Date.UTC(y!, mo! - 1, d!, h, mi, s);
  const back = new Date(t);
  if (back.getUTCMonth() !== mo! - 1 || back.getUTCDate() !== d || h! > 23 || mi! > 59 || s! > 59) throw fail();
  return t / 1000;
}

export class TradingBot extends AttributeSimulator<Attr> {
  readonly className = 'TradingBot';
  private random = new PyRandom(1053520);

  constructor(constants: BackendConstants) {
    super(constants, PUBLIC);
  }

  private get orders(): PyDict {
    return this.get('orders') as PyDict;
  }
  private get longContext(): boolean {
    return this.get('long_context') === true;
  }

  override loadScenario(config: PyDict, longContext: boolean): void {
    const defaults = this.defaults('trading_bot.py');
    const pick = (key: string): Py => configGet(config, key, defaults.item(key));
    const orders = pick('orders') as PyDict;
    this.set('orders', new PyDict(orders.items().map(([k, v]) => [typeof k === 'string' && /^\d+$/.test(k) ? Number(k) : k, v])));
    for (const key of ['account_info', 'authenticated', 'market_status', 'order_counter', 'stocks', 'watch_list', 'transaction_history'] as const)
      this.set(key, pick(key));
    this.set('long_context', longContext);
    this.random = new PyRandom(Number(pick('random_seed')));
  }

  private timestamp(): string {
    return formatTimestamp(CURRENT_TIME + this.random.randint(0, 86400));
  }

  private notAuthenticated(action: string): PyDict | undefined {
    return truthy(this.get('authenticated')) ? undefined : PyDict.of({ error: `User not authenticated. Please log in to ${action}.` });
  }

  private transaction(type: 'deposit' | 'withdrawal', amount: Py): void {
    (this.get('transaction_history') as Py[]).push(PyDict.of({ type, amount, timestamp: this.timestamp() }));
  }

  readonly methods: Record<string, Method> = {
    get_current_time: method([], () => PyDict.of({ current_time: '10:30 AM' })),
    update_market_status: method(['current_time_str'], (text) => {
      const t = strptime(text!, '%I:%M %p');
      const status = t >= 9 * 3600 + 30 * 60 && t <= 16 * 3600 ? 'Open' : 'Closed';
      this.set('market_status', status);
      return PyDict.of({ status });
    }),
    get_symbol_by_name: method(['name'], (name) =>
      PyDict.of({ symbol: typeof name === 'string' && Object.hasOwn(SYMBOLS, name) ? SYMBOLS[name]! : 'Stock not found' }),
    ),
    get_stock_info: method(['symbol'], (symbol) => {
      const stocks = this.get('stocks') as PyDict;
      if (!stocks.has(symbol!)) return PyDict.of({ error: `Stock with symbol '${str(symbol!)}' not found.` });
      const stock = stocks.get(symbol!) as PyDict;
      if (!this.longContext) return stock;
      const copy = stock.copy();
      copy.set('MA(5)', this.extension('MA_5_EXTENSION'));
      copy.set('MA(20)', this.extension('MA_20_EXTENSION'));
      return copy;
    }),
    get_order_details: method(['order_id'], (id) => {
      if (!this.orders.has(id!)) return PyDict.of({ error: `Order with ID ${str(id!)} not found.Here is the list of orders_id: ${repr(this.orders.keys())}` });
      const order = this.orders.get(id!) as PyDict;
      if (!this.longContext) return order;
      const copy = order.copy();
      const symbol = str(copy.item('symbol'));
      const extension = this.extension('ORDER_DETAIL_EXTENSION') as PyDict;
      copy.set(
        'metadata',
        new PyDict(extension.items().map(([k, v]) => [k, str(v).replaceAll('{symbol}', symbol).replaceAll('{{', '{').replaceAll('}}', '}')])),
      );
      return copy;
    }),
    cancel_order: method(['order_id'], (id) => {
      if (!this.orders.has(id!)) return PyDict.of({ error: `Order with ID ${str(id!)} not found.` });
      const order = this.orders.get(id!) as PyDict;
      if (order.item('status') === 'Completed') return PyDict.of({ error: `Can't cancel order ${str(id!)}. Order is already completed.` });
      order.set('status', 'Cancelled');
      return PyDict.of({ order_id: id!, status: 'Cancelled' });
    }),
    place_order: method(['order_type', 'symbol', 'price', 'amount'], (type, symbol, price, amount) => {
      const refused = this.notAuthenticated('place an order');
      if (refused) return refused;
      if (!(this.get('stocks') as PyDict).has(symbol!)) return PyDict.of({ error: `Invalid stock symbol: ${str(symbol!)}` });
      if (le(price!, 0) || le(amount!, 0)) return PyDict.of({ error: 'Price and amount must be positive values.' });
      const p = toFloat(price!);
      const id = this.get('order_counter');
      this.orders.set(id, PyDict.of({ id, order_type: type!, symbol: symbol!, price: p, amount: amount!, status: 'Open' }));
      this.set('order_counter', add(id, 1));
      return PyDict.of({ order_id: id, order_type: type!, status: 'Pending', price: p, amount: amount! });
    }),
    withdraw_funds: method(['amount'], (amount) => {
      const refused = this.notAuthenticated('make a transaction');
      if (refused) return refused;
      if (this.get('market_status') !== 'Open') return PyDict.of({ error: 'Market is closed. Transactions are not allowed.' });
      if (le(amount!, 0)) return PyDict.of({ error: 'Transaction amount must be positive.' });
      const account = this.get('account_info') as PyDict;
      if (gt(amount!, account.item('balance'))) return PyDict.of({ error: 'Insufficient funds for withdrawal.' });
      account.set('balance', sub(account.item('balance'), amount!));
      this.transaction('withdrawal', amount!);
      return PyDict.of({ status: 'Withdrawal successful', new_balance: account.item('balance') });
    }),
    get_account_info: method([], () => this.notAuthenticated('view account information') ?? this.get('account_info')),
    trading_login: method(['username', 'password'], () => {
      if (truthy(this.get('authenticated'))) return PyDict.of({ status: 'Already logged in' });
      this.set('authenticated', true);
      return PyDict.of({ status: 'Logged in successfully' });
    }),
    trading_get_login_status: method([], () => PyDict.of({ status: truthy(this.get('authenticated')) })),
    trading_logout: method([], () => {
      if (!truthy(this.get('authenticated'))) return PyDict.of({ status: 'No user is currently logged in' });
      this.set('authenticated', false);
      return PyDict.of({ status: 'Logged out successfully' });
    }),
    fund_account: method(['amount'], (amount) => {
      const refused = this.notAuthenticated('fund the account');
      if (refused) return refused;
      if (le(amount!, 0)) return PyDict.of({ error: 'Funding amount must be positive.' });
      const account = this.get('account_info') as PyDict;
      account.set('balance', add(account.item('balance'), amount!));
      this.transaction('deposit', amount!);
      return PyDict.of({ status: 'Account funded successfully', new_balance: account.item('balance') });
    }),
    remove_stock_from_watchlist: method(['symbol'], (symbol) => {
      const refused = this.notAuthenticated('modify the watchlist');
      if (refused) return refused;
      const list = this.get('watch_list') as Py[];
      const at = list.findIndex((x) => pyEquals(x, symbol!));
      if (at < 0) return PyDict.of({ error: `Stock ${str(symbol!)} not found in watchlist.` });
      list.splice(at, 1);
      return PyDict.of({ status: `Stock ${str(symbol!)} removed from watchlist successfully.` });
    }),
    get_watchlist: method([], () => {
      if (!truthy(this.get('authenticated'))) return ['Error: User not authenticated. Please log in to view the watchlist.'];
      if (this.longContext) return [...(this.get('watch_list') as Py[]), ...(this.extension('WATCH_LIST_EXTENSION') as Py[])];
      return PyDict.of({ watchlist: this.get('watch_list') });
    }),
    get_order_history: method([], () => {
      if (!truthy(this.get('authenticated'))) return [PyDict.of({ error: 'User not authenticated. Please log in to view order history.' })];
      return PyDict.of({ history: this.orders.keys() });
    }),
    get_transaction_history: method(
      [
        ['start_date', null],
        ['end_date', null],
      ],
      (startDate, endDate) => {
        if (!truthy(this.get('authenticated'))) return [PyDict.of({ error: 'User not authenticated. Please log in to view transaction history.' })];
        const start = truthy(startDate!) ? strptime(startDate!, '%Y-%m-%d') : -Infinity;
        const end = truthy(endDate!) ? strptime(endDate!, '%Y-%m-%d') : Infinity;
        const history: Py[] = (this.get('transaction_history') as Py[]).filter((t) => {
          const at = strptime((t as PyDict).item('timestamp'), '%Y-%m-%d %H:%M:%S');
          return start <= at && at <= end;
        });
        if (this.longContext) history.push(...(this.extension('TRANSACTION_HISTORY_EXTENSION') as Py[]));
        return PyDict.of({ transaction_history: history });
      },
    ),
    get_available_stocks: method(['sector'], (sector) => {
      const sectors: Record<string, Py[]> = { Technology: ['AAPL', 'GOOG', 'MSFT', 'NVDA'], Automobile: ['TSLA', 'F', 'GM'] };
      if (this.longContext) {
        sectors.Technology!.push(...(this.extension('TECHNOLOGY_EXTENSION') as Py[]));
        sectors.Automobile!.push(...(this.extension('AUTOMOBILE_EXTENSION') as Py[]));
      }
      return PyDict.of({ stock_list: typeof sector === 'string' && Object.hasOwn(sectors, sector) ? sectors[sector]! : [] });
    }),
    filter_stocks_by_price: method(['stocks', 'min_price', 'max_price'], (stocks, min, max) => {
      const all = this.get('stocks') as PyDict;
      const price = (symbol: Py): Py => {
        const stock = all.get(symbol);
        return stock instanceof PyDict && stock.has('price') ? stock.get('price')! : 0;
      };
      return PyDict.of({ filtered_stocks: iter(stocks!).filter((s) => ge(price(s), min!) && le(price(s), max!)) });
    }),
    add_to_watchlist: method(['stock'], (stock) => {
      const list = this.get('watch_list') as Py[];
      if (!pyIn(stock!, list) && (this.get('stocks') as PyDict).has(stock!)) list.push(stock!);
      return PyDict.of({ watchlist: list });
    }),
    notify_price_change: method(['stocks', 'threshold'], (stocks, threshold) => {
      const all = this.get('stocks') as PyDict;
      const changed = iter(stocks!).filter((s) => all.has(s) && ge(abs((all.get(s) as PyDict).item('percent_change')), threshold!));
      return PyDict.of({
        notification: changed.length
          ? `Stocks ${changed.map(str).join(', ')} have significant price changes.`
          : 'No significant price changes in the selected stocks.',
      });
    }),
  };
}
