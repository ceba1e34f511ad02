import { LoaderCircle } from 'lucide-react';
import { cn } from './cn';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('animate-spin', className)} />;
}
