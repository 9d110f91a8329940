// BFCL's TwitterAPI (posting_api.py): tweets keyed by int ids after loading, comments keyed as the scenario or the
// call wrote them (so a comment under "1" in the scenario is not found for tweet 1), lists returned bare.
import { add, iter, len, PyDict, pyEquals, pyIn, str, truthy, type Py } from '../py.ts';
import { AttributeSimulator, configGet, method, NEW_LIST, type BackendConstants, type Method } from '../simulator.ts';

const PUBLIC = ['username', 'password', 'authenticated', 'tweets', 'comments', 'retweets', 'following_list', 'tweet_counter'] as const;
type Attr = (typeof PUBLIC)[number];

export class PostingApi extends AttributeSimulator<Attr> {
  readonly className = 'TwitterAPI';

  constructor(constants: BackendConstants) {
    super(constants, PUBLIC);
  }

  private get tweets(): PyDict {
    return this.get('tweets') as PyDict;
  }

  override loadScenario(config: PyDict): void {
    const defaults = this.defaults('posting_api.py');
    for (const key of PUBLIC) this.set(key, configGet(config, key, defaults.item(key)));
    this.set('tweets', new PyDict(this.tweets.items().map(([k, v]) => [typeof k === 'string' ? Number.parseInt(k.trim(), 10) : k, v])));
  }

  private refused(action: string): PyDict | undefined {
    return truthy(this.get('authenticated')) ? undefined : PyDict.of({ error: `User not authenticated. Please authenticate before ${action}.` });
  }

  private notFound(id: Py): PyDict | undefined {
    return this.tweets.has(id) ? undefined : PyDict.of({ error: `Tweet with ID ${str(id)} not found.` });
  }

  private tweetsBy(username: Py): Py[] {
    return this.tweets.values().filter((t) => pyEquals((t as PyDict).item('username'), username));
  }

  readonly methods: Record<string, Method> = {
    authenticate_twitter: method(['username', 'password'], (username, password) => {
      if (pyEquals(username!, this.get('username')) && pyEquals(password!, this.get('password'))) {
        this.set('authenticated', true);
        return PyDict.of({ authentication_status: true });
      }
      return PyDict.of({ authentication_status: false });
    }),
    posting_get_login_status: method([], () => PyDict.of({ login_status: truthy(this.get('authenticated')) })),
    // Upstream's defaults are one shared list per process; each call gets its own here, as the vectors assume.
    post_tweet: method(['content', ['tags', NEW_LIST], ['mentions', NEW_LIST]], (content, tags, mentions) => {
      const refused = this.refused('posting');
      if (refused) return refused;
      const id = this.get('tweet_counter');
      const tweet = PyDict.of({
        id,
        username: this.get('username'),
        content: content!,
        tags: tags === NEW_LIST ? [] : tags!,
        mentions: mentions === NEW_LIST ? [] : mentions!,
      });
      this.tweets.set(id, tweet);
      this.set('tweet_counter', add(id, 1));
      return tweet;
    }),
    retweet: method(['tweet_id'], (id) => {
      const refused = this.refused('retweeting') ?? this.notFound(id!);
      if (refused) return refused;
      const retweets = this.get('retweets') as PyDict;
      const user = this.get('username');
      if (!retweets.has(user)) retweets.set(user, []);
      const mine = retweets.get(user) as Py[];
      if (pyIn(id!, mine)) return PyDict.of({ retweet_status: 'Already retweeted' });
      mine.push(id!);
      return PyDict.of({ retweet_status: 'Successfully retweeted' });
    }),
    comment: method(['tweet_id', 'comment_content'], (id, content) => {
      const refused = this.refused('commenting') ?? this.notFound(id!);
      if (refused) return refused;
      const comments = this.get('comments') as PyDict;
      if (!comments.has(id!)) comments.set(id!, []);
      (comments.get(id!) as Py[]).push(PyDict.of({ username: this.get('username'), content: content! }));
      return PyDict.of({ comment_status: 'Comment added successfully' });
    }),
    mention: method(['tweet_id', 'mentioned_usernames'], (id, usernames) => {
      const missing = this.notFound(id!);
      if (missing) return missing;
      ((this.tweets.get(id!) as PyDict).item('mentions') as Py[]).push(...iter(usernames!));
      return PyDict.of({ mention_status: 'Users mentioned successfully' });
    }),
    follow_user: method(['username_to_follow'], (username) => {
      const refused = this.refused('following');
      if (refused) return refused;
      const following = this.get('following_list') as Py[];
      if (pyIn(username!, following)) return PyDict.of({ follow_status: false });
      following.push(username!);
      return PyDict.of({ follow_status: true });
    }),
    list_all_following: method([], () => this.refused('listing following') ?? PyDict.of({ following_list: this.get('following_list') })),
    unfollow_user: method(['username_to_unfollow'], (username) => {
      const refused = this.refused('unfollowing');
      if (refused) return refused;
      const following = this.get('following_list') as Py[];
      const at = following.findIndex((u) => pyEquals(u, username!));
      if (at < 0) return PyDict.of({ unfollow_status: false });
      following.splice(at, 1);
      return PyDict.of({ unfollow_status: true });
    }),
    get_tweet: method(['tweet_id'], (id) => this.notFound(id!) ?? this.tweets.get(id!)!),
    get_user_tweets: method(['username'], (username) => this.tweetsBy(username!)),
    search_tweets: method(['keyword'], (keyword) => {
      const needle = str(keyword!).toLowerCase();
      return this.tweets.values().filter((t) => {
        const tweet = t as PyDict;
        return str(tweet.item('content')).toLowerCase().includes(needle) || iter(tweet.item('tags')).some((tag) => str(tag).toLowerCase() === needle);
      });
    }),
    get_tweet_comments: method(['tweet_id'], (id) => this.notFound(id!) ?? (this.get('comments') as PyDict).get(id!) ?? []),
    get_user_stats: method(['username'], (username) =>
      PyDict.of({
        tweet_count: this.tweetsBy(username!).length,
        following_count: pyEquals(username!, this.get('username')) ? len(this.get('following_list')) : 0,
        retweet_count: len((this.get('retweets') as PyDict).get(username!) ?? []),
      }),
    ),
  };
}
