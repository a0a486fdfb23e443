import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { dynamicMiddleware, rootReducer } from '../lib/store/root-reducer';

export function createStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (defaults) => defaults().concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
