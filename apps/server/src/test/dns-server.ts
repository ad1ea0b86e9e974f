import dns2 from 'dns2';

const { Packet } = dns2;

/** What the test server answers for one name (lower case, without the final dot). */
export interface TDnsRecords {
  A?: string[];
  AAAA?: string[];
  /** Each entry one TXT record: a string, or its character-strings. */
  TXT?: (string | string[])[];
}

export interface TTestDnsServer {
  /** For `DNS_SERVERS` / `createResolver`: `127.0.0.1:<port>`. */
  server: string;
  /** The names asked for so far, with their type (`A`, `AAAA`, `TXT`…), in order. */
  questions: { name: string; type: string }[];
  /** Sets (or with undefined removes) a name's records. */
  set(name: string, records: TDnsRecords | undefined): void;
  close(): Promise<void>;
}

type TResource = InstanceType<typeof Packet>['answers'][number];
/** dns2 encodes plain records (its README's way); its types ask for a `toBuffer` they do not need. */
const record = (fields: Omit<TResource, 'toBuffer'>) => fields as TResource;

const TYPE_NAMES = new Map(Object.entries(Packet.TYPE).map(([name, code]) => [code as number, name]));

/**
 * A real DNS server (dns2, UDP) on a free loopback port, answering from a table the test fills.
 * Unknown names get NXDOMAIN; a known name without records of the asked type an empty answer.
 */
export async function startDnsServer(table: Record<string, TDnsRecords> = {}): Promise<TTestDnsServer> {
  const records = new Map(Object.entries(table).map(([name, value]) => [name.toLowerCase(), value]));
  const questions: TTestDnsServer['questions'] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        const name = question.name.toLowerCase().replace(/\.$/, '');
        const type = TYPE_NAMES.get(question.type) ?? String(question.type);
        questions.push({ name, type });
        const entry = records.get(name);
        if (!entry) {
          response.header.rcode = 3; // NXDOMAIN
          continue;
        }
        const answer = { name: question.name, class: Packet.CLASS.IN, ttl: 1 };
        if (type === 'A') {
          for (const address of entry.A ?? [])
            response.answers.push(record({ ...answer, type: Packet.TYPE.A, address }));
        } else if (type === 'AAAA') {
          for (const address of entry.AAAA ?? []) {
            response.answers.push(record({ ...answer, type: Packet.TYPE.AAAA, address }));
          }
        } else if (type === 'TXT') {
          for (const data of entry.TXT ?? []) response.answers.push(record({ ...answer, type: Packet.TYPE.TXT, data }));
        }
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    server: `127.0.0.1:${addresses.udp?.port}`,
    questions,
    set: (name, value) => {
      if (value) records.set(name.toLowerCase(), value);
      else records.delete(name.toLowerCase());
    },
    close: async () => {
      await server.close();
    },
  };
}
