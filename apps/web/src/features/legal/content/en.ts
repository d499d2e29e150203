import type { LegalContent } from './types';

const LAST_UPDATED = '2026-11-22';

export const content: LegalContent = {
  privacy: {
    lastUpdated: LAST_UPDATED,
    intro: [
      'This policy explains which personal data Taxli processes when you use our web application to prepare your Swiss tax return, why we do so and which rights you have. We process personal data in accordance with the Swiss Federal Act on Data Protection (FADP, revFADP) of 25 September 2020, in force since 1 September 2023, and its Ordinance (DPO). Where the EU General Data Protection Regulation (GDPR) applies to you, we also comply with it.',
    ],
    sections: [
      {
        id: 'controller',
        heading: '1. Who is responsible',
        paragraphs: [
          'Taxli is the controller responsible for the processing described in this policy. For any question about data protection, or to exercise your rights, contact us at privacy@taxli.ch.',
        ],
      },
      {
        id: 'data',
        heading: '2. Which data we process',
        items: [
          'Account data: e-mail address, first and last name, phone number with country code, preferred language and subscription plan.',
          'Sign-in and security data: one-time sign-in codes (stored only as a keyed hash), session and remember-device tokens (stored only as hashes), times of sign-in and activity, and technical logs including your IP address.',
          'Tax profile data: address for tax purposes, canton and municipality, marital status, denomination (relevant for church tax), occupation and employment, children, property, investments, pension and other deductions.',
          'Identification numbers: AHV numbers (Swiss social security numbers) of you and your spouse, and tax identification numbers.',
          'Tax documents you upload (for example salary statements, bank and insurance certificates, receipts) and their contents.',
          'Messages you send us.',
        ],
        paragraphs: [
          'Some of these data are particularly sensitive within the meaning of Art. 5 FADP, such as your denomination or health data contained in medical receipts. We process them only because you provide them for your tax return, and only for that purpose.',
        ],
      },
      {
        id: 'purposes',
        heading: '3. Why we process your data',
        items: [
          'To provide your account and sign you in securely.',
          'To prepare, check and transmit your tax return with our tax experts, as you instruct us.',
          'To communicate with you about your tax return and our service.',
          'To keep the service secure and to detect and prevent misuse.',
          'To meet our legal obligations, in particular retention duties.',
        ],
      },
      {
        id: 'legal-basis',
        heading: '4. Legal basis',
        paragraphs: [
          'We process your data in line with the principles of the FADP (lawfulness, good faith, proportionality, purpose limitation, accuracy and security). We rely on the contract with you for the service you use, on your consent for particularly sensitive data you choose to provide, on our legitimate interest in a secure service, and on legal obligations. Where the GDPR applies, the corresponding legal bases are Art. 6(1)(b), (a), (f) and (c) GDPR and, for special categories of data, Art. 9(2)(a) GDPR.',
        ],
      },
      {
        id: 'recipients',
        heading: '5. Who receives your data',
        items: [
          'The tax experts who prepare and review your tax return. They are bound by confidentiality and process your data only to provide our service.',
          'IT service providers who host the application in Switzerland on our behalf, as processors bound by contract (Art. 9 FADP).',
          'Tax authorities, only when you instruct us to submit documents or your return to them.',
          'Authorities and courts, where the law obliges us to disclose data.',
        ],
        paragraphs: [
          'We never sell your data and do not use it for advertising. We do not transfer personal data abroad. Should that ever become necessary, we will do so only to countries with adequate protection as determined by the Federal Council, or with appropriate safeguards (Art. 16 FADP), and we will update this policy beforehand.',
        ],
      },
      {
        id: 'security',
        heading: '6. Storage and security',
        paragraphs: [
          'Your data are stored in Switzerland. Uploaded documents are encrypted at rest (AES-256-GCM, with a separate key for each file); AHV numbers are encrypted in the database and shown masked. All connections use HTTPS. Access by staff is limited to what their task requires, and every access to your data by someone other than you is recorded.',
        ],
      },
      {
        id: 'retention',
        heading: '7. How long we keep your data',
        items: [
          'Tax documents and the records of our work on your tax return: 10 years after the end of the tax year concerned, as Swiss law requires for such records (Art. 958f of the Code of Obligations).',
          'Account data: as long as your account exists; after you delete it, only data we must keep by law are retained.',
          'Sign-in codes expire after 10 minutes, sessions after 30 minutes of inactivity and at the latest after 12 hours, remember-device tokens after 30 days.',
          'Security logs: at most 12 months.',
        ],
      },
      {
        id: 'rights',
        heading: '8. Your rights',
        items: [
          'Right of access to your personal data (Art. 25 FADP).',
          'Right to have incorrect data rectified (Art. 32 FADP).',
          'Right to have your data deleted and to object to processing, unless we must keep the data by law.',
          'Right to data portability: to receive the data you provided in a common electronic format (Art. 28 FADP).',
          'Right to withdraw your consent at any time, with effect for the future.',
        ],
        paragraphs: [
          'Send your request to privacy@taxli.ch. We may ask you to prove your identity. We answer within 30 days and, as a rule, free of charge.',
        ],
      },
      {
        id: 'authority',
        heading: '9. Supervisory authority',
        paragraphs: [
          'You may lodge a complaint with the Federal Data Protection and Information Commissioner (FDPIC), Feldeggweg 1, 3003 Bern, www.edoeb.admin.ch. If you live in the EU or EEA, you may also contact the data protection authority of your country.',
        ],
      },
      {
        id: 'automated',
        heading: '10. No automated decisions',
        paragraphs: [
          'We make no automated individual decisions within the meaning of Art. 21 FADP. Automatic document recognition only helps to sort your documents; every assessment of your tax return is made by a person.',
        ],
      },
      {
        id: 'cookies',
        heading: '11. Cookies and local storage',
        paragraphs: [
          'We use only strictly necessary cookies and browser storage, and no tracking. Details are in our Cookie Policy.',
        ],
      },
      {
        id: 'changes',
        heading: '12. Changes to this policy',
        paragraphs: [
          'We may update this policy when our service or the law changes. The version published here, with its date, applies. We will inform you of material changes in the application.',
        ],
      },
    ],
  },

  cookies: {
    lastUpdated: LAST_UPDATED,
    intro: [
      'Taxli uses only the cookies and browser storage that are strictly necessary to sign you in, keep you signed in and remember your choices. We use no analytics, advertising or tracking cookies and embed no third-party content that could set cookies.',
    ],
    sections: [
      {
        id: 'cookies',
        heading: '1. Cookies',
        table: {
          caption: 'Cookies set by Taxli',
          headers: ['Name', 'Purpose', 'Duration'],
          rows: [
            [
              '__Host-taxli_session',
              'Keeps you signed in. It can be read only by our server (HttpOnly), is sent only over a secure connection and only to the Taxli site.',
              'Ends after 30 minutes of inactivity, at the latest 12 hours after sign-in, and at logout.',
            ],
            [
              '__Host-taxli_remember',
              'Remembers this device so that your session can be restored without a new code, only if you chose this at sign-in. It is replaced with every use.',
              '30 days; deleted at logout.',
            ],
          ],
        },
      },
      {
        id: 'local-storage',
        heading: '2. Local storage in your browser',
        table: {
          caption: 'Entries Taxli keeps in local storage',
          headers: ['Key', 'Purpose', 'Duration'],
          rows: [
            ['i18nextLng', 'The interface language you chose.', 'Until you change it or clear your browser data.'],
            [
              'taxli.lastEmail',
              'The e-mail address you last signed in with, to fill in the sign-in form.',
              'Until you clear your browser data.',
            ],
            [
              'taxli.loggedOut',
              'Notes that you logged out, so that the application does not restore your session automatically.',
              'Until you sign in again.',
            ],
          ],
        },
      },
      {
        id: 'no-tracking',
        heading: '3. No tracking',
        paragraphs: [
          'We do not profile you, do not measure your use of the application with third-party tools and do not share cookie data with anyone. Because all cookies are strictly necessary for the service you request, they are set without a consent banner.',
        ],
      },
      {
        id: 'control',
        heading: '4. Your control',
        paragraphs: [
          'You can delete cookies and local storage at any time in your browser settings. If you block the session cookie, you cannot sign in to Taxli.',
        ],
      },
      {
        id: 'contact',
        heading: '5. Contact',
        paragraphs: ['Questions about this policy: privacy@taxli.ch. More about your data: see our Data Protection Policy.'],
      },
    ],
  },

  terms: {
    lastUpdated: LAST_UPDATED,
    intro: [
      'These terms and conditions govern the use of the Taxli web application. You accept them when you complete your profile. Please read them carefully.',
    ],
    sections: [
      {
        id: 'scope',
        heading: '1. Scope and provider',
        paragraphs: [
          'Taxli ("we") provides an online service that helps private individuals resident or taxable in Switzerland prepare their tax return. These terms apply to every use of the service. Deviating terms of users do not apply.',
        ],
      },
      {
        id: 'service',
        heading: '2. Our service',
        paragraphs: [
          'In the application you keep your profile and tax profile, upload your tax documents by category, follow the status of your tax return and transmit your documents to our tax experts, who prepare your return on that basis. Automatic document recognition helps to sort documents but does not replace the review by a person. We submit documents or a tax return to a tax authority only on your express instruction and, where required, with your signed power of attorney.',
        ],
      },
      {
        id: 'account',
        heading: '3. Account and sign-in',
        paragraphs: [
          'You sign in with your e-mail address and a one-time code we send to it. Keep access to your e-mail account secure and do not share codes. An account is personal. Tell us immediately at privacy@taxli.ch if you suspect misuse.',
        ],
      },
      {
        id: 'duties',
        heading: '4. Your duties',
        items: [
          'Provide complete and truthful information and all relevant documents in good time.',
          'Check the tax return we prepare before you sign and submit it. As the taxpayer you remain responsible to the tax authority for your tax return.',
          'Observe the filing deadlines or request an extension from the tax authority in good time.',
          'Upload only documents that concern your tax return, and no unlawful content or malicious software.',
        ],
      },
      {
        id: 'experts',
        heading: '5. Role of the tax experts',
        paragraphs: [
          'Qualified tax experts prepare and review your tax return on the basis of the information and documents you provide. They do not verify that your documents are genuine or complete, and their assessment is limited to the facts known to them. They treat your data confidentially.',
        ],
      },
      {
        id: 'plans',
        heading: '6. Plans and fees',
        paragraphs: [
          'We offer a Basic and a Premium plan. A formal check of your complete tax return by our experts is included only in the Premium plan. The fees for chargeable services are displayed in the application before you order them, in Swiss francs including VAT. Nothing is charged without your confirmation.',
        ],
      },
      {
        id: 'liability',
        heading: '7. Liability',
        paragraphs: [
          'We are liable for damage caused intentionally or through gross negligence. To the extent permitted by law (Art. 100 of the Code of Obligations), liability for slight negligence and for indirect or consequential damage is excluded. We are not liable for consequences of incomplete, incorrect or late information or documents from you, for assessments made by tax authorities, or, unless you use the Premium plan, for the formal correctness of the tax return. Mandatory liability, in particular for personal injury, remains unaffected.',
        ],
      },
      {
        id: 'availability',
        heading: '8. Availability',
        paragraphs: [
          'We aim for high availability but cannot guarantee uninterrupted operation. Maintenance is carried out, where possible, at times of low use.',
        ],
      },
      {
        id: 'privacy',
        heading: '9. Data protection',
        paragraphs: [
          'We process your personal data in accordance with the Swiss Federal Act on Data Protection. Details are in our Data Protection Policy.',
        ],
      },
      {
        id: 'termination',
        heading: '10. Termination',
        paragraphs: [
          'You may stop using the service and have your account deleted at any time. We may suspend or close an account that is misused or used in breach of these terms. Data we must keep by law are retained as described in the Data Protection Policy.',
        ],
      },
      {
        id: 'changes',
        heading: '11. Changes',
        paragraphs: [
          'We may amend these terms. A new version is shown to you in the application for acceptance; if you do not accept it, you may terminate the use of the service.',
        ],
      },
      {
        id: 'law',
        heading: '12. Governing law and jurisdiction',
        paragraphs: [
          'These terms are governed by Swiss law, excluding its conflict-of-law rules. The exclusive place of jurisdiction is Zurich. Mandatory places of jurisdiction for consumers (Art. 32 of the Civil Procedure Code) remain reserved.',
        ],
      },
    ],
  },
};
