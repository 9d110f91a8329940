// BFCL's TicketAPI: a queue of support tickets for a logged-in user. Ids are compared with ==, so a ticket asked
// for as 7423.0 is found and answered with "Ticket 7423.0 …".
import { add, deepCopy, gt, iter, lt, PyDict, pyEquals, str, truthy, type Py } from '../py.ts';
import { configGet, method, Simulator, type BackendConstants, type Method } from '../simulator.ts';

const VALID_FIELDS = ['title', 'description', 'status', 'priority'];

export class TicketApi extends Simulator {
  readonly className = 'TicketAPI';
  private queue: Py[] = [];
  private counter: Py = 1;
  private currentUser: Py = null;

  constructor(private readonly constants: BackendConstants) {
    super();
  }

  override loadScenario(config: PyDict): void {
    const defaults = deepCopy(this.constants.defaultState.item('ticket_api.py') as PyDict);
    this.queue = configGet(config, 'ticket_queue', defaults.item('ticket_queue')) as Py[];
    this.counter = configGet(config, 'ticket_counter', defaults.item('ticket_counter'));
    this.currentUser = configGet(config, 'current_user', defaults.item('current_user'));
  }

  publicState(): [string, Py][] {
    return [
      ['ticket_queue', this.queue],
      ['ticket_counter', this.counter],
      ['current_user', this.currentUser],
    ];
  }

  private find(id: Py): PyDict | undefined {
    return this.queue.find((t) => pyEquals((t as PyDict).item('id'), id)) as PyDict | undefined;
  }

  /** Runs `body` on the ticket, or answers that it does not exist. */
  private withTicket(id: Py, body: (ticket: PyDict) => PyDict): PyDict {
    const ticket = this.find(id);
    return ticket && truthy(ticket) ? body(ticket) : PyDict.of({ error: `Ticket with ID ${str(id)} not found.` });
  }

  readonly methods: Record<string, Method> = {
    create_ticket: method(['title', ['description', ''], ['priority', 1]], (title, description, priority) => {
      if (!truthy(this.currentUser)) return PyDict.of({ error: 'User not authenticated. Please log in to create a ticket.' });
      if (lt(priority!, 1) || gt(priority!, 5)) return PyDict.of({ error: 'Invalid priority. Priority must be between 1 and 5.' });
      const ticket = PyDict.of({
        id: this.counter,
        title: title!,
        description: description!,
        status: 'Open',
        priority: priority!,
        created_by: this.currentUser,
      });
      this.queue.push(ticket);
      this.counter = add(this.counter, 1);
      return ticket;
    }),
    get_ticket: method(['ticket_id'], (id) => this.withTicket(id!, (ticket) => ticket)),
    close_ticket: method(['ticket_id'], (id) =>
      this.withTicket(id!, (ticket) => {
        if (pyEquals(ticket.item('status'), 'Closed')) return PyDict.of({ error: `Ticket with ID ${str(id!)} is already closed.` });
        ticket.set('status', 'Closed');
        return PyDict.of({ status: `Ticket ${str(id!)} has been closed successfully.` });
      }),
    ),
    resolve_ticket: method(['ticket_id', 'resolution'], (id, resolution) =>
      this.withTicket(id!, (ticket) => {
        if (pyEquals(ticket.item('status'), 'Resolved')) return PyDict.of({ error: `Ticket with ID ${str(id!)} is already resolved.` });
        ticket.set('status', 'Resolved');
        ticket.set('resolution', resolution!);
        return PyDict.of({ status: `Ticket ${str(id!)} has been resolved successfully.` });
      }),
    ),
    edit_ticket: method(['ticket_id', 'updates'], (id, updates) =>
      this.withTicket(id!, (ticket) => {
        const changes = updates as PyDict;
        const invalid = iter(changes).filter((k) => !VALID_FIELDS.includes(k as string));
        if (invalid.length) return PyDict.of({ error: `Invalid fields for update: ${invalid.map(str).join(', ')}` });
        for (const [k, v] of changes.items()) if (v !== null) ticket.set(k, v);
        return PyDict.of({ status: `Ticket ${str(id!)} has been updated successfully.` });
      }),
    ),
    ticket_login: method(['username', 'password'], (username, password) => {
      if (truthy(username!) && truthy(password!)) {
        this.currentUser = username!;
        return PyDict.of({ success: true });
      }
      return PyDict.of({ success: false });
    }),
    ticket_get_login_status: method([], () => PyDict.of({ login_status: truthy(this.currentUser) })),
    logout: method([], () => {
      if (!truthy(this.currentUser)) return PyDict.of({ success: false });
      this.currentUser = null;
      return PyDict.of({ success: true });
    }),
    get_user_tickets: method([['status', null]], (status) => {
      if (!truthy(this.currentUser)) return [PyDict.of({ error: 'User not authenticated. Please log in to view tickets.' })];
      const mine = this.queue.filter((t) => pyEquals((t as PyDict).item('created_by'), this.currentUser));
      if (!truthy(status!)) return mine;
      return mine.filter((t) => str((t as PyDict).item('status')).toLowerCase() === str(status!).toLowerCase());
    }),
  };
}
