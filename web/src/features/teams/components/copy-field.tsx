import { Check, Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast.store';
import { useCopied } from '../../../lib/use-copied';

interface CopyFieldProps {
  id: string;
  label: string;
  value: string;
  /** The success toast's description ('Link Copied' is the title). */
  copiedDescription: string;
}

/** A read-only link with a Copy button that says 'Copied!' for 2 seconds (PRODUCT-SPEC §2). */
export function CopyField({ id, label, value, copiedDescription }: CopyFieldProps) {
  const [copied, markCopied] = useCopied();

  const copy = async () => {
    try {
      await copyText(value);
      markCopied();
      toast({ title: 'Link Copied', description: copiedDescription });
    } catch {
      toast({ title: 'Error', description: 'Failed to copy link to clipboard', variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
        <Button variant="outline" onClick={() => void copy()} className="w-28 shrink-0">
          {copied ? <Check aria-hidden="true" className="h-4 w-4 text-green-600" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
