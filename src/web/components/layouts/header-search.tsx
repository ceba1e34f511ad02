import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '~/shared/paths';

/** The header search of the seed: the text goes URL-encoded into `q` of /search, then the box clears. */
export function HeaderSearch({ className }: { className?: string }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    void navigate(paths.search(q));
    setText('');
  }

  return (
    <form role="search" onSubmit={submit} className={className}>
      <label className="relative block">
        <span className="sr-only">Search products</span>
        <input
          type="search"
          name="q"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search laptops, desktops, monitors…"
          maxLength={200}
          autoComplete="off"
          className="w-full rounded-md border border-slate-300 bg-white py-2 pr-10 pl-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 sm:text-sm"
        />
        <button type="submit" className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-600 hover:text-brand-700" aria-label="Search">
          <Search aria-hidden="true" className="size-5" />
        </button>
      </label>
    </form>
  );
}
