import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createApiClient } from './lib/apiClient';
import { createQueryClient } from './lib/createQueryClient';
import { changeLanguage } from './i18n/i18n';
import { detectLanguage } from './i18n/detectLanguage';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

const api = createApiClient();
const queryClient = createQueryClient();

// Before login the language comes from the `lang` cookie or the browser (spec doc 1 §4); loading
// it before the first render avoids a flash of English.
void changeLanguage(detectLanguage(document.cookie, navigator.languages)).finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App api={api} queryClient={queryClient} />
    </StrictMode>,
  );
});
