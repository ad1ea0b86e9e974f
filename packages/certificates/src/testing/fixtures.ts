import type { TCertificateDocument } from '../content.ts';

const TITLES = [
  ['Die 5 goldenen Regeln der IT-Sicherheit', 'The 5 Golden Rules of IT Security'],
  [
    'Passwortsicherheit: Passphrasen, Passwortmanager und Passkeys',
    'Password Security: Passphrases, Password Managers and Passkeys',
  ],
  ['E-Mail-Sicherheit: Phishing erkennen und sicher handeln', 'Email security: spotting phishing and acting safely'],
  ['Schadsoftware erkennen und abwehren', 'Recognising and stopping malware'],
  ['Physische Sicherheit am Arbeitsplatz', 'Physical security at work'],
  [
    'Social Media: sicher unterwegs – privat und im Namen der Firma',
    'Social media: staying safe – privately and on behalf of your company',
  ],
  ['Cyber-Notfall: richtig reagieren', 'Cyber Emergency: Responding the Right Way'],
  ['Sicher arbeiten im Homeoffice und unterwegs', 'Working securely from home and on the move'],
] as const;

const base = {
  code: 'K7QM-2XWD-9HTR',
  issuedAt: new Date('2026-11-22T09:30:00Z'),
  validUntil: new Date('2027-11-22T09:30:00Z'),
  verifyUrl: 'https://portal.example/verify/K7QM-2XWD-9HTR',
};

/** A personal certificate with umlauts, ß and Latin Extended letters in the name. */
export function personalFixture(
  courses = 6,
  holder = { firstname: 'Jürgen', lastname: 'Groß-Łukasiewicz' },
): TCertificateDocument {
  return {
    ...base,
    content: {
      kind: 'personal',
      holder,
      companyName: 'Müller & Söhne GmbH',
      courses: TITLES.slice(0, courses).map(([de, en], index) => ({
        slug: `course-${index}`,
        title: { de, en },
        completedAt: new Date(Date.UTC(2026, 9, index + 1, 8)).toISOString(),
      })),
    },
  };
}

export function companyFixture(): TCertificateDocument {
  return {
    ...base,
    content: {
      kind: 'company',
      company: {
        name: 'Müller & Söhne GmbH',
        street: 'Hauptstraße 1',
        postCode: '10115',
        city: 'Berlin',
        insuranceNumber: 'AS-1234567890',
      },
      enrolled: 40,
      certified: 30,
      courses: TITLES.map(([de, en], index) => ({
        slug: `course-${index}`,
        title: { de, en },
        assigned: 40,
        completed: 40 - index * 4,
      })),
    },
  };
}
