import { LEGAL_LAST_UPDATED, type LegalDocument } from './legal-document';

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    'This policy explains what information Planline collects when you use it, why we collect it, who can see it, ' +
    'and the choices you have. We have tried to write it plainly.',
  sections: [
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      blocks: [
        'We collect only what we need to run Planline for you and your team:',
        {
          list: [
            'Account details: your first and last name, e-mail address, password (stored only as a secure hash) and, if you add one, a profile picture.',
            'Workspace content: the teams, projects, tasks, dates, assignments, change history, weekly reports and dashboard layouts that you and your team create.',
            'Support requests: the name, e-mail address and message you send us through the contact form or the Help Center.',
            'Technical information: a session cookie that keeps you signed in, and basic server logs (such as IP address, browser type and the time of a request) that help us keep the service secure and working.',
            'Billing information: when a team upgrades, our card payment provider handles the payment. We keep the plan, the subscription status and the provider’s customer and subscription references. We never see or store full card numbers.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-information',
      title: 'How we use your information',
      blocks: [
        {
          list: [
            'To provide Planline: signing you in, showing your work to the members of your team, and keeping everyone’s view up to date.',
            'To answer your support requests.',
            'To manage plans, trials and payments, and to send you receipts and important notices about your account.',
            'To keep the service secure, prevent abuse and fix problems.',
          ],
        },
        'We do not sell your personal information, and we do not use it for advertising.',
      ],
    },
    {
      id: 'ai-task-creator',
      title: 'The AI Task Creator',
      blocks: [
        'When you describe a task to the AI Task Creator, we use the text you type, together with the names of your team’s members, to fill in the task’s name, dates, priority and assignee. That text may be processed by a service provider working on our behalf, only for this purpose.',
      ],
    },
    {
      id: 'sharing',
      title: 'Who can see your information',
      blocks: [
        {
          list: [
            'Your team: members of a team can see the projects and tasks in it, and the names and e-mail addresses of the other members.',
            'Service providers: companies that host Planline, process payments or deliver e-mail for us. They may use your information only to provide their service to us.',
            'The law: we may share information when we are legally required to, or to protect the rights and safety of our users and of Planline.',
          ],
        },
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies',
      blocks: [
        'Planline uses a session cookie to keep you signed in. It is needed for the service to work. We do not use advertising or cross-site tracking cookies.',
      ],
    },
    {
      id: 'retention',
      title: 'How long we keep information',
      blocks: [
        'We keep your information for as long as your account is open. When you close your account, we delete your account data within 30 days of closure.',
        'Where the law requires us to keep certain records for longer, such as payment records, we keep only those records, and only for as long as required.',
      ],
    },
    {
      id: 'security',
      title: 'Security',
      blocks: [
        'We protect your information with encrypted connections, hashed passwords and limited access for our staff. No service can promise perfect security, so please use a strong password that you do not use elsewhere.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your choices and rights',
      blocks: [
        {
          list: [
            'You can see and correct your name and e-mail address on your profile page.',
            'You can take a copy of your projects with Export Project.',
            'You can close your account at any time, and ask us to delete your information.',
            'Depending on where you live, you may have further rights, such as to object to some uses of your information. Contact us and we will help.',
          ],
        },
      ],
    },
    {
      id: 'children',
      title: 'Children',
      blocks: [
        'Planline is not meant for children under 13, and children under 13 may not use it. We do not knowingly collect information from children under 13. If you believe a child under 13 has given us information, contact us and we will delete it.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      blocks: [
        'If we change this policy, we will post the new version here and update the date at the top. If a change is significant, we will also tell you by e-mail or in the app before it takes effect.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      blocks: [
        'If you have a question about this policy or your information, send us a ticket from the Help Center and choose the Account category.',
      ],
    },
  ],
};
