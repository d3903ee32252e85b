import { LEGAL_LAST_UPDATED, type LegalDocument } from './legal-document';

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    'These terms are the agreement between you and Planline for the use of our team planning service. ' +
    'By creating an account or using Planline, you accept them.',
  sections: [
    {
      id: 'eligibility',
      title: 'Who can use Planline',
      blocks: [
        'You must be at least 13 years old to use Planline; children under 13 may not create an account. If you use Planline for an organisation, you confirm that you may accept these terms on its behalf.',
      ],
    },
    {
      id: 'accounts',
      title: 'Your account and your team',
      blocks: [
        {
          list: [
            'Give accurate information when you register, and keep it up to date.',
            'Keep your password safe. You are responsible for what happens under your account.',
            'The owner of a team decides who joins it and can remove members. Content added to a team’s projects can be seen by that team’s members.',
          ],
        },
      ],
    },
    {
      id: 'plans-and-payment',
      title: 'Plans, trials and payment',
      blocks: [
        'Planline offers a Free plan and paid plans (Pro and Enterprise), as described on our pricing page. New teams may get a 7-day free trial. Paid plans are billed monthly per team, in advance, through our card payment provider.',
        {
          list: [
            'Fees are non-refundable, including for partly used months, except where the law requires otherwise.',
            'We will give you at least 30 days’ notice before a price change takes effect, so that you can decide whether to keep your plan.',
            'You can cancel a paid plan at any time; it then stays active until the end of the period you have paid for. When a team moves back to the Free plan, its data stays safe, but the Free plan’s limits apply.',
          ],
        },
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      blocks: [
        'Do not use Planline to break the law, to infringe the rights of others, to send spam or harmful code, to try to get into accounts or systems that are not yours, or to disrupt the service for other people.',
      ],
    },
    {
      id: 'your-content',
      title: 'Your content',
      blocks: [
        'What you put into Planline stays yours. You allow us to store, copy and display it only as needed to run the service for you and your team, for example to show it on your timeline or to make an export. Our Privacy Policy explains how we handle personal information.',
      ],
    },
    {
      id: 'service-changes',
      title: 'Changes to the service',
      blocks: [
        'We keep improving Planline, so features may change. Features marked as coming soon are not yet available and may change before they are. We work to keep Planline available, but we cannot promise that it will always be free of interruptions or errors.',
      ],
    },
    {
      id: 'termination',
      title: 'Closing an account and termination',
      blocks: [
        'You can stop using Planline and close your account at any time. We may suspend or terminate an account that seriously or repeatedly breaks these terms; where we reasonably can, we will tell you first.',
        'After termination there is a 30-day grace period in which you can sign in and export your data. After the grace period, your data is deleted as described in our Privacy Policy.',
      ],
    },
    {
      id: 'disclaimer',
      title: 'Disclaimer',
      blocks: [
        'Planline is provided “as is”. As far as the law allows, we give no warranties beyond those written in these terms, for example that the service will suit a particular purpose.',
      ],
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      blocks: [
        'As far as the law allows, we are not liable for indirect or consequential losses, such as lost profits or lost data. Our total liability for any claim about Planline is capped at the amount you paid us in the last 12 months before the claim arose.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      blocks: [
        'If we change these terms, we will post the new version here and update the date at the top. If a change is significant, we will tell you in advance. If you keep using Planline after a change takes effect, you accept the new terms.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      blocks: ['Questions about these terms? Send us a ticket from the Help Center.'],
    },
  ],
};
