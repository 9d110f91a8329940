// XML from public APIs, parsed into the same shape their JSON has: tag names become keys, text stays text, a
// repeated tag becomes an array and a single one an object (the same quirk JSON shows). Documents that declare
// a DOCTYPE are refused outright, so no entity expansion can happen.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  // Numeric character references (&#44032; &#xAC00;) are text the service meant, as are HTML's named entities.
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

export class XmlRefused extends Error {}

export function parseXml(text: string): unknown {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XmlRefused('the XML declares a DOCTYPE or entities, which are refused');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlRefused(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  return parser.parse(text);
}
