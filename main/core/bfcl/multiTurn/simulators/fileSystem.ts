// BFCL's GorillaFileSystem: a tree of Directory and File objects with a current directory. Its quirks are kept,
// since the checker compares the ground truth's tree with the model's: a moved or copied directory shares its
// contents with the original (copy is shallow), pwd includes the root's own name, absolute paths start inside
// the root, and the long-context variant pads files and fills leaf directories with upstream's image names.
import { iter, PyDict, PyError, PyFloat, sorted, str, strRepr, typeName, type Py, type PyObject } from '../py.ts';
import { method, Simulator, type BackendConstants, type Method } from '../simulator.ts';

class File implements PyObject {
  readonly pyTypeName = 'File';
  constructor(
    readonly name: string,
    public content: string,
  ) {}
  pyEquals(other: Py): boolean {
    return other instanceof File && other.name === this.name && other.content === this.content;
  }
  pyRepr(): string {
    return `<<File: ${this.name}, Content: ${this.content}>>`;
  }
  typedState(): Py {
    return PyDict.of({ __file__: this.name, content: this.content });
  }
}

class Directory implements PyObject {
  readonly pyTypeName = 'Directory';
  contents = new Map<string, File | Directory>();
  constructor(
    readonly name: string,
    readonly parent: Directory | null,
  ) {}
  pyEquals(other: Py): boolean {
    if (!(other instanceof Directory) || other.name !== this.name || other.contents.size !== this.contents.size) return false;
    for (const [k, v] of this.contents) {
      const o = other.contents.get(k);
      if (!o || !v.pyEquals(o)) return false;
    }
    return true;
  }
  pyRepr(): string {
    return `<Directory: ${this.name}, Parent: ${this.parent ? this.parent.name : 'None'}, Contents: {${[...this.contents].map(([k, v]) => `${strRepr(k)}: ${v.pyRepr()}`).join(', ')}}>`;
  }
  typedState(encode: (v: Py) => Py): Py {
    return PyDict.of({ __directory__: this.name, contents: new PyDict([...this.contents].map(([k, v]) => [k, encode(v)])) });
  }
  addFile(name: string, content = ''): void {
    if (this.contents.has(name)) throw new PyError('ValueError', `File '${name}' already exists in directory '${this.name}'.`);
    this.contents.set(name, new File(name, content));
  }
  addDirectory(name: string): Directory {
    if (this.contents.has(name)) throw new PyError('ValueError', `Directory '${name}' already exists in directory '${this.name}'.`);
    const dir = new Directory(name, this);
    this.contents.set(name, dir);
    return dir;
  }
  item(name: string): File | Directory | undefined {
    return name === '.' ? this : this.contents.get(name);
  }
}

const LINE_BREAKS = new Set(['\n', '\r', '\v', '\f', '\u001c', '\u001d', '\u001e', '\u0085', '\u2028', '\u2029']);

/** Python's str.splitlines(): every line boundary Python knows, \r\n as one, no empty item after a final break. */
function splitlines(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (!LINE_BREAKS.has(ch)) {
      line += ch;
      continue;
    }
    if (ch === '\r' && text[i + 1] === '\n') i++;
    lines.push(line);
    line = '';
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Python's str.isspace() for one character: Unicode white space and the separators U+001C–U+001F. */
function isPySpace(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return (code >= 0x1c && code <= 0x1f) || (ch !== '\ufeff' && /\s/u.test(ch));
}

/** Python's str.split() without arguments: words between runs of white space. */
function words(text: string): string[] {
  const out: string[] = [];
  let word = '';
  for (const ch of text) {
    if (isPySpace(ch)) {
      if (word !== '') out.push(word);
      word = '';
    } else word += ch;
  }
  if (word !== '') out.push(word);
  return out;
}

/** `name in dir.contents` for a name of any type: only a str can be there, but a list raises as Python's dict does. */
function asName(v: Py): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) || v instanceof PyDict) throw new PyError('TypeError', `unhashable type: '${typeName(v)}'`);
  return undefined;
}

const INVALID_NAME = /[|/\\?%*:"><]/;

export class FileSystem extends Simulator {
  readonly className = 'GorillaFileSystem';
  private root = new Directory('/', null);
  private current = this.root;
  private longContext = false;

  constructor(private readonly constants: BackendConstants) {
    super();
  }

  override loadScenario(config: PyDict, longContext: boolean): void {
    this.longContext = longContext;
    this.root = new Directory('/', null);
    const tree = config.get('root');
    if (tree instanceof PyDict && tree.size > 0) {
      const [rootName, rootData] = tree.items()[0]!;
      this.root = this.load((rootData as PyDict).item('contents') as PyDict, new Directory(str(rootName), null));
    }
    this.current = this.root;
  }

  private load(entries: PyDict, dir: Directory): Directory {
    let bottommost = true;
    const keepTail = this.constants.longContext.item('FILES_TAIL_USED') as Py[];
    for (const [name, data] of entries.items()) {
      const node = data as PyDict;
      if (node.item('type') === 'directory') {
        bottommost = false;
        dir.contents.set(str(name), this.load(node.item('contents') as PyDict, new Directory(str(name), dir)));
      } else if (node.item('type') === 'file') {
        let content = str(node.item('content'));
        if (this.longContext && !keepTail.includes(name)) content += str(this.constants.longContext.item('FILE_CONTENT_EXTENSION'));
        dir.contents.set(str(name), new File(str(name), content));
      }
    }
    if (bottommost && this.longContext) for (const name of iter(this.constants.longContext.item('POPULATE_FILE_EXTENSION'))) dir.addFile(str(name));
    return dir;
  }

  publicState(): [string, Py][] {
    return [
      ['long_context', this.longContext],
      ['root', this.root],
    ];
  }

  private navigate(path: Py): Directory | PyDict {
    if (path === null || path === '.') return this.current;
    if (path === '/') return this.root;
    const text = this.text(path, 'strip');
    let dir = text.startsWith('/') ? this.root : this.current;
    for (const part of text.replace(/^\/+|\/+$/g, '').split('/')) {
      const next = dir.item(part);
      if (!(next instanceof Directory)) return PyDict.of({ error: `cd: '${text}': No such file or directory` });
      dir = next;
    }
    return dir;
  }

  /** A str argument, or the AttributeError Python raises when a str method is called on something else. */
  private text(v: Py, methodName: string): string {
    if (typeof v !== 'string') throw new PyError('AttributeError', `'${typeName(v)}' object has no attribute '${methodName}'`);
    return v;
  }

  /** The file named in the current directory, if it is one. */
  private file(name: Py): File | undefined {
    const key = asName(name);
    const item = key === undefined ? undefined : this.current.contents.get(key);
    return item instanceof File ? item : undefined;
  }

  private has(name: Py): boolean {
    const key = asName(name);
    return key !== undefined && this.current.contents.has(key);
  }

  private validName(name: Py): boolean {
    if (typeof name !== 'string') throw new PyError('TypeError', `'in <string>' requires string as left operand, not ${typeName(name)}`);
    return !INVALID_NAME.test(name);
  }

  readonly methods: Record<string, Method> = {
    pwd: method([], () => {
      const parts: string[] = [];
      for (let dir: Directory | null = this.current; dir !== null; dir = dir.parent) parts.push(dir.name);
      return PyDict.of({ current_working_directory: `/${parts.reverse().join('/')}` });
    }),
    ls: method([['a', false]], (a) => {
      const names = [...this.current.contents.keys()];
      return PyDict.of({
        current_directory_content: a === true || (a !== false && a !== null && a !== 0 && a !== '') ? names : names.filter((n) => !n.startsWith('.')),
      });
    }),
    cd: method(['folder'], (folderArg) => {
      let folder = this.text(folderArg!, 'rstrip').replace(/\/+$/, '');
      if (folder === '') folder = '/';
      if (!['.', '..', '/'].includes(folder) && folder.includes('/'))
        return PyDict.of({ error: `cd: ${folder}: Unsupported path. Only one folder level at a time is supported.` });
      if (folder === '..') {
        if (this.current.parent) this.current = this.current.parent;
        else if (this.root === this.current) return PyDict.of({ error: 'Cuurent directory is already the root. Cannot go back.' });
        else return PyDict.of({ error: 'cd: ..: No such directory' });
        return new PyDict();
      }
      const target = this.navigate(folder);
      if (target instanceof PyDict) return PyDict.of({ error: `cd: ${folder}: No such directory. You cannot use path to change directory.` });
      this.current = target;
      return PyDict.of({ current_working_directory: target.name });
    }),
    mkdir: method(['dir_name'], (name) => {
      if (!this.validName(name!)) return PyDict.of({ error: `mkdir: cannot create directory '${str(name!)}': Invalid character` });
      if (this.has(name!)) return PyDict.of({ error: `mkdir: cannot create directory '${str(name!)}': File exists` });
      this.current.addDirectory(name as string);
      return null;
    }),
    touch: method(['file_name'], (name) => {
      if (!this.validName(name!)) return PyDict.of({ error: `touch: cannot touch '${str(name!)}': Invalid character` });
      if (this.has(name!)) return PyDict.of({ error: `touch: cannot touch '${str(name!)}': File exists` });
      this.current.addFile(name as string);
      return null;
    }),
    echo: method(['content', ['file_name', null]], (content, name) => {
      if (name === null) return PyDict.of({ terminal_output: content! });
      if (!this.validName(name!)) return PyDict.of({ error: `echo: cannot touch '${str(name!)}': Invalid character` });
      if (name === '') return PyDict.of({ terminal_output: content! });
      if (!this.has(name!)) return PyDict.of({ error: `echo: cannot write to '${str(name!)}': No such file` });
      const item = this.current.contents.get(name as string)!;
      if (!(item instanceof File)) throw new PyError('AttributeError', "'Directory' object has no attribute '_write'");
      item.content = content as string;
      return null;
    }),
    cat: method(['file_name'], (name) => {
      if (!this.validName(name!)) return PyDict.of({ error: `cat: '${str(name!)}': Invalid character` });
      if (!this.has(name!)) return PyDict.of({ error: `cat: ${str(name!)}: No such file or directory` });
      const file = this.file(name!);
      return file ? PyDict.of({ file_content: file.content }) : PyDict.of({ error: `cat: ${str(name!)}: Is a directory` });
    }),
    find: method(
      [
        ['path', '.'],
        ['name', null],
      ],
      (path, name) => {
        const target = this.navigate(path!);
        if (target instanceof PyDict) return target;
        const matches: Py[] = [];
        const walk = (dir: Directory, base: string): void => {
          for (const [itemName, item] of dir.contents) {
            const itemPath = `${base}/${itemName}`;
            if (name === null || itemName.includes(this.text(name!, '__contains__'))) matches.push(itemPath);
            if (item instanceof Directory) walk(item, itemPath);
          }
        };
        walk(target, this.text(path!, 'rstrip').replace(/\/+$/, ''));
        return PyDict.of({ matches });
      },
    ),
    wc: method(['file_name', ['mode', 'l']], (name, mode) => {
      if (mode !== 'l' && mode !== 'w' && mode !== 'c') return PyDict.of({ error: `wc: invalid mode '${str(mode!)}'` });
      const file = this.has(name!) ? this.file(name!) : undefined;
      if (!file) return PyDict.of({ error: `wc: ${str(name!)}: No such file or directory` });
      if (mode === 'l') return PyDict.of({ count: splitlines(file.content).length, type: 'lines' });
      if (mode === 'w') return PyDict.of({ count: words(file.content).length, type: 'words' });
      return PyDict.of({ count: [...file.content].length, type: 'characters' });
    }),
    sort: method(['file_name'], (name) => {
      const file = this.has(name!) ? this.file(name!) : undefined;
      if (!file) return PyDict.of({ error: `sort: ${str(name!)}: No such file or directory` });
      const lines = splitlines(file.content);
      return PyDict.of({ sorted_content: sorted(lines).join('\n') });
    }),
    grep: method(['file_name', 'pattern'], (name, pattern) => {
      const file = this.has(name!) ? this.file(name!) : undefined;
      if (!file) return PyDict.of({ error: `grep: ${str(name!)}: No such file or directory` });
      const needle = this.text(pattern!, '__contains__');
      return PyDict.of({ matching_lines: splitlines(file.content).filter((line) => line.includes(needle)) });
    }),
    du: method([['human_readable', false]], (human) => {
      const size = (item: File | Directory): number =>
        item instanceof File ? new TextEncoder().encode(item.content).length : [...item.contents.values()].reduce((sum, child) => sum + size(child), 0);
      const total = size(this.current);
      if (human === false || human === null || human === 0 || human === '') return PyDict.of({ disk_usage: `${total} bytes` });
      let value = total;
      for (const unit of ['B', 'KB', 'MB', 'GB', 'TB']) {
        if (value < 1024) return PyDict.of({ disk_usage: `${value.toFixed(2)} ${unit}` });
        value /= 1024;
      }
      return PyDict.of({ disk_usage: `${value.toFixed(2)} PB` });
    }),
    tail: method(['file_name', ['lines', 10]], (name, linesArg) => {
      const file = this.has(name!) ? this.file(name!) : undefined;
      if (!file) return PyDict.of({ error: `tail: ${str(name!)}: No such file or directory` });
      const content = splitlines(file.content);
      let lines = linesArg!;
      if (typeof lines !== 'number' && typeof lines !== 'boolean' && !(lines instanceof PyFloat))
        throw new PyError('TypeError', `'>' not supported between instances of '${typeName(lines)}' and 'int'`);
      if (Number(lines instanceof PyFloat ? lines.value : lines) > content.length) lines = content.length;
      if (lines instanceof PyFloat) throw new PyError('TypeError', 'slice indices must be integers or None or have an __index__ method');
      let start = -Number(lines);
      if (start < 0) start = Math.max(0, content.length + start);
      return PyDict.of({ last_lines: content.slice(Math.min(start, content.length)).join('\n') });
    }),
    diff: method(['file_name1', 'file_name2'], (name1, name2) => {
      const a = this.has(name1!) && this.has(name2!) ? this.file(name1!) : undefined;
      const b = a ? this.file(name2!) : undefined;
      if (!a || !b) return PyDict.of({ error: `diff: ${str(name1!)} or ${str(name2!)}: No such file or directory` });
      const left = splitlines(a.content);
      const right = splitlines(b.content);
      const lines: string[] = [];
      for (let i = 0; i < Math.min(left.length, right.length); i++) if (left[i] !== right[i]) lines.push(`- ${left[i]}\n+ ${right[i]}`);
      return PyDict.of({ diff_lines: lines.join('\n') });
    }),
    mv: method(['source', 'destination'], (sourceArg, destinationArg) => this.moveOrCopy('mv', sourceArg!, destinationArg!)),
    cp: method(['source', 'destination'], (sourceArg, destinationArg) => this.moveOrCopy('cp', sourceArg!, destinationArg!)),
    rm: method(['file_name'], (name) => {
      if (!this.has(name!)) return PyDict.of({ error: `rm: cannot remove '${str(name!)}': No such file or directory` });
      this.current.contents.delete(name as string);
      return PyDict.of({ result: `'${str(name!)}' removed` });
    }),
    rmdir: method(['dir_name'], (name) => {
      if (!this.has(name!)) return PyDict.of({ error: `rmdir: cannot remove '${str(name!)}': No such file or directory` });
      const item = this.current.contents.get(name as string);
      if (!(item instanceof Directory)) return PyDict.of({ error: `rmdir: cannot remove '${str(name!)}': Not a directory` });
      if (item.contents.size > 0) return PyDict.of({ error: `rmdir: failed to remove '${str(name!)}': Directory not empty` });
      this.current.contents.delete(name as string);
      return PyDict.of({ result: `'${str(name!)}' removed` });
    }),
  };

  /** mv and cp, which differ in their wording, in keeping the source, and in cp's never-true "dest/src" test. */
  private moveOrCopy(op: 'mv' | 'cp', sourceArg: Py, destinationArg: Py): PyDict {
    const verb = op === 'mv' ? 'move' : 'copy';
    if (!this.has(sourceArg)) return PyDict.of({ error: `${op}: cannot ${verb} '${str(sourceArg)}': No such file or directory` });
    const source = sourceArg as string;
    const item = this.current.contents.get(source)!;
    const destination = this.text(destinationArg, '__contains__');
    if (destination.includes('/')) {
      return PyDict.of({
        error:
          op === 'mv'
            ? 'mv: no path allowed in destination. Only file name and folder name is supported for this operation.'
            : "cp: don't allow path in destination. Only file name and folder name is supported for this operation.",
      });
    }
    const place = (into: Directory, name: string): void => {
      if (item instanceof File) into.addFile(name, item.content);
      else into.addDirectory(name).contents = op === 'mv' ? item.contents : new Map(item.contents);
    };
    const past = op === 'mv' ? 'moved' : 'copied';
    const target = this.current.contents.get(destination);
    if (target) {
      if (!(target instanceof Directory)) return PyDict.of({ error: `${op}: cannot ${verb} '${source}' to '${destination}': Not a directory` });
      const clash = op === 'mv' ? target.contents.has(source) : target.contents.has(`${destination}/${source}`);
      if (clash) return PyDict.of({ error: `${op}: cannot ${verb} '${source}' to '${destination}/${source}': File exists` });
      if (op === 'mv') this.current.contents.delete(source);
      place(target, source);
      return PyDict.of({ result: `'${source}' ${past} to '${destination}/${source}'` });
    }
    if (op === 'mv') this.current.contents.delete(source);
    place(this.current, destination);
    return PyDict.of({ result: `'${source}' ${past} to '${destination}'` });
  }
}
