import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { SampleGantt } from './sample-gantt';

export function HeroSection() {
  return (
    <section className="bg-gradient-to-b from-white to-slate-50">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div>
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Plan every project on one shared timeline
          </h1>
          <p className="mt-5 text-lg text-slate-600">
            Planline gives your team interactive Gantt charts, task tracking and live collaboration, so everyone
            knows what ships when.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/auth" className={buttonClasses('primary', 'lg')}>
              Get Started
            </Link>
            <a href="#features" className={buttonClasses('outline', 'lg')}>
              See features
            </a>
          </div>
        </div>
        <SampleGantt />
      </div>
    </section>
  );
}
