// BFCL's MessageAPI: users, a shared inbox of {receiver: text} items and message ids drawn from a seeded random
// source (the compared set generated_ids holds them).
import { add, deepCopy, intStr, num, PyDict, pyEquals, pyIn, PySet, str, truthy, type Py } from '../py.ts';
import { PyRandom } from '../pyRandom.ts';
import { configGet, method, Simulator, type BackendConstants, type Method } from '../simulator.ts';

const firstItem = (message: Py): [Py, Py] => (message as PyDict).items()[0]!;

export class MessageApi extends Simulator {
  readonly className = 'MessageAPI';
  private random = new PyRandom(200191);
  private generatedIds = new PySet();
  private userCount: Py = 4;
  private userMap = new PyDict();
  private inbox: Py[] = [];
  private messageCount: Py = 3;
  private currentUser: Py = null;

  constructor(private readonly constants: BackendConstants) {
    super();
  }

  override loadScenario(config: PyDict): void {
    const defaults = deepCopy(this.constants.defaultState.item('message_api.py') as PyDict);
    const pick = (key: string): Py => configGet(config, key, defaults.item(key));
    this.random = new PyRandom(num(configGet(config, 'random_seed', 200191))!);
    const ids = pick('generated_ids');
    this.generatedIds = ids instanceof PySet ? ids : new PySet(Array.isArray(ids) ? ids : []);
    this.userCount = pick('user_count');
    this.userMap = pick('user_map') as PyDict;
    this.inbox = pick('inbox') as Py[];
    this.messageCount = pick('message_count');
    this.currentUser = pick('current_user');
  }

  publicState(): [string, Py][] {
    return [
      ['generated_ids', this.generatedIds],
      ['user_count', this.userCount],
      ['user_map', this.userMap],
      ['inbox', this.inbox],
      ['message_count', this.messageCount],
      ['current_user', this.currentUser],
    ];
  }

  private loggedOut(): PyDict | undefined {
    return truthy(this.currentUser) ? undefined : PyDict.of({ error: 'No user is currently logged in.' });
  }

  readonly methods: Record<string, Method> = {
    list_users: method([], () => PyDict.of({ user_list: this.userMap.keys() })),
    get_user_id: method(['user'], (user) =>
      this.userMap.has(user!) ? PyDict.of({ user_id: this.userMap.get(user!)! }) : PyDict.of({ error: `User '${str(user!)}' not found in the workspace.` }),
    ),
    message_login: method(['user_id'], (userId) => {
      if (!pyIn(userId!, this.userMap.values())) return PyDict.of({ login_status: false, message: `User ID '${str(userId!)}' not found.` });
      this.currentUser = userId!;
      return PyDict.of({ login_status: true, message: `User '${str(userId!)}' logged in successfully.` });
    }),
    message_get_login_status: method([], () => PyDict.of({ login_status: truthy(this.currentUser) })),
    send_message: method(['receiver_id', 'message'], (receiver, message) => {
      const refused = this.loggedOut();
      if (refused) return refused;
      if (!pyIn(receiver!, this.userMap.values())) return PyDict.of({ error: `Receiver ID '${str(receiver!)}' not found.` });
      let id = this.random.randint(10000, 99999);
      while (this.generatedIds.has(id)) id = this.random.randint(10000, 99999);
      this.generatedIds.add(id);
      this.inbox.push(new PyDict([[receiver!, message!]]));
      this.messageCount = add(this.messageCount, 1);
      return PyDict.of({ sent_status: true, message_id: PyDict.of({ new_id: id }), message: `Message sent to '${str(receiver!)}' successfully.` });
    }),
    delete_message: method(['receiver_id'], (receiverId) => {
      const refused = this.loggedOut();
      if (refused) return refused;
      for (const message of [...this.inbox].reverse()) {
        const [receiver] = firstItem(message);
        if (!pyEquals(receiver, receiverId!)) continue;
        // list.remove drops the first equal item, which may be an earlier copy of the same message.
        this.inbox.splice(
          this.inbox.findIndex((m) => pyEquals(m, message)),
          1,
        );
        return PyDict.of({ deleted_status: true, receiver_id: receiver, message: `Receiver ${str(receiverId!)}'s latest message deleted successfully.` });
      }
      return PyDict.of({ error: `Receiver ID ${str(receiverId!)} not found.` });
    }),
    view_messages_sent: method([], () => {
      const refused = this.loggedOut();
      if (refused) return refused;
      const sent = new PyDict();
      for (const message of this.inbox) {
        const [receiver, text] = firstItem(message);
        if (sent.has(receiver)) (sent.get(receiver) as Py[]).push(text);
        else sent.set(receiver, [text]);
      }
      return PyDict.of({ messages: sent });
    }),
    add_contact: method(['user_name'], (name) => {
      if (this.userMap.has(name!)) return PyDict.of({ error: `User name '${str(name!)}' already exists.` });
      this.userCount = add(this.userCount, 1);
      const userId = `USR${intStr(num(this.userCount)!).padStart(3, '0')}`;
      if (pyIn(userId, this.userMap.values())) return PyDict.of({ error: `User ID '${userId}' already exists.` });
      this.userMap.set(name!, userId);
      return PyDict.of({ added_status: true, user_id: userId, message: `Contact '${str(name!)}' added successfully.` });
    }),
    search_messages: method(['keyword'], (keyword) => {
      const refused = this.loggedOut();
      if (refused) return refused;
      const needle = str(keyword!).toLowerCase();
      const results = this.inbox
        .map(firstItem)
        .filter(([, text]) => str(text).toLowerCase().includes(needle))
        .map(([receiver, text]) => PyDict.of({ receiver_id: receiver, message: text }));
      return PyDict.of({ results });
    }),
    get_message_stats: method([], () => {
      const refused = this.loggedOut();
      if (refused) return refused;
      const contacts = new PySet(this.inbox.map((m) => firstItem(m)[0]));
      return PyDict.of({ stats: PyDict.of({ received_count: this.inbox.length, total_contacts: contacts.size }) });
    }),
  };
}
